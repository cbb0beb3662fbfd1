import { useProviderStore } from '../../state/provider-store';
import { costOf } from '../../providers/live/pricing';
import { usePriceBook, type PriceBookState } from '../../state/use-price-book';
import { CollapsibleText } from '../../ui/collapsible-text';
import { formatCost, formatInteger } from '../../ui/format';
import { ApplyPlan } from './apply-plan';
import type { SharedOutcome } from './shared-outcome';
import type { CallEstimate } from './use-call-estimate';

type Readable = Extract<SharedOutcome, { kind: 'ok' }>;

/**
 * The dollars a live run would cost with the page's main model at its price (the catalog's, or the user's override): the summarized context as input and
 * the kept context as an upper bound on output — a rough figure, said as one, and "unknown" for an unpriced model.
 */
function dollarEstimate(estimate: Extract<CallEstimate, { state: 'estimated' }>, book: PriceBookState): string {
  const { mode, rungs } = useProviderStore.getState();
  if (mode === 'offline') return ' With the offline summarizer (your current choice) it costs nothing.';
  if (book.state === 'loading') return ` Looking up ${rungs.main.model}'s price…`;
  const cost = costOf(rungs.main.model, { inputTokens: estimate.summarizedTokens, outputTokens: estimate.summaryTokens }, book.state === 'loaded' ? book.book : undefined);
  return cost === null
    ? ` Its cost with ${rungs.main.model} is unknown (no price for that model).`
    : ` With ${rungs.main.model} that is roughly ${formatCost(cost)} (about ${formatInteger(estimate.summarizedTokens)} tokens in, at most ${formatInteger(estimate.summaryTokens)} out, exact ${estimate.encoding} counts of the offline run).`;
}

/** What applying does and what a run would then cost, in short sentences: one read each. */
function costLine(estimate: CallEstimate, book: PriceBookState): string {
  const start = 'Applying sets the config and runs nothing.';
  switch (estimate.state) {
    case 'no-transcript':
      return `${start} Load a transcript to see how many provider calls a run would make.`;
    case 'estimating':
      return `${start} Counting the provider calls a run would make…`;
    case 'estimated': {
      const impossible = estimate.settingsProblems.length > 0 ? ` These settings cannot work as set: ${estimate.settingsProblems.map((problem) => problem.message).join(' ')} A run refuses them unless you run it anyway.` : '';
      if (estimate.calls === 0) return `${start} A run on this transcript would not call live providers: the offline estimate compacted nothing.${impossible}`;
      const times = estimate.calls === 1 ? 'once' : `${estimate.calls} times`;
      return `${start} A run on this transcript would call live providers about ${times}, as the offline estimate did. Retries and fallbacks add more.${dollarEstimate(estimate, book)}${impossible}`;
    }
    case 'unknown':
      return `${start} The provider calls a run would make could not be counted: ${estimate.reason}.`;
  }
}

function SharedPrompts({ label, prompts }: { label: string; prompts: Readable['prompts'] }) {
  if (prompts.length === 0) return null;
  return (
    <section aria-label={label}>
      <h3>{label}</h3>
      {prompts.map((prompt) => (
        <div key={prompt.id} className="shared-prompt">
          <h4>{prompt.label}</h4>
          <CollapsibleText text={prompt.text} label={prompt.label} />
        </div>
      ))}
    </section>
  );
}

/**
 * The read-only preview of a shared config: profile, what applying changes in A and B, cost, carried callbacks as
 * code, prompt overrides (A's and B's), and the JSON.
 */
export function SharedConfigPreview({ outcome, estimate }: { outcome: Readable; estimate: CallEstimate }) {
  const { envelope } = outcome;
  const book = usePriceBook();
  return (
    <div className="shared-preview">
      <dl className="shared-facts">
        <dt>Profile</dt>
        <dd>{outcome.profile}</dd>
        <dt>Written by</dt>
        <dd>{envelope.createdWith}</dd>
        {envelope.ab && (
          <>
            <dt>A/B pair</dt>
            <dd>A: {String(envelope.ab.a.profile ?? 'auto-compactor')}, B: {String(envelope.ab.b.profile ?? 'auto-compactor')}. Applying puts A in the run panel and B in the A/B tab.</dd>
          </>
        )}
      </dl>
      <ApplyPlan config={outcome.config} pair={outcome.pair} pairIssues={outcome.pairIssues} />
      <p className="shared-cost" role="note">{costLine(estimate, book)}</p>
      {outcome.notices.map((notice) => <p key={notice} className="muted">{notice}</p>)}
      {outcome.callbacks.length > 0 && (
        <section className="shared-callbacks" aria-label="Callbacks in this config">
          <p className="notice">
            This config carries JavaScript callbacks. They are shown here as code and never run in the page: applying does not run them, and a run with them is refused. The command line runs them only with --allow-callbacks.
          </p>
          {outcome.callbacks.map((callback) => (
            <figure key={callback.path}>
              <figcaption><code>{callback.path}</code></figcaption>
              <pre><code>{callback.source}</code></pre>
            </figure>
          ))}
        </section>
      )}
      <SharedPrompts label="Prompt overrides" prompts={outcome.prompts} />
      <SharedPrompts label="Prompt overrides in B" prompts={outcome.pairPrompts} />
      <section aria-label="Shared config JSON">
        <h3>Config JSON</h3>
        <pre className="shared-json">{outcome.json}</pre>
      </section>
    </div>
  );
}
