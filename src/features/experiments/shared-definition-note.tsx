/** A shared experiment definition waiting to be applied: what it holds, in words, and the two choices. */
export function SharedDefinitionNote({ summary, onApply, onDismiss }: { summary: string; onApply(): void; onDismiss(): void }) {
  return (
    <section className="alert alert-warning shared-definition" aria-label="Shared experiment">
      <p>
        A shared experiment: {summary}. It is shown read-only; nothing runs until you apply it.
      </p>
      <button type="button" onClick={onApply}>
        Apply the shared experiment
      </button>{' '}
      <button type="button" onClick={onDismiss}>
        Dismiss
      </button>
    </section>
  );
}
