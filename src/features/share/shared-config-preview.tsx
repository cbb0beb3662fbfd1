import { CollapsibleText } from '../../ui/collapsible-text';
import type { SharedOutcome } from './shared-outcome';
import type { CallEstimate } from './use-call-estimate';

type Readable = Extract<SharedOutcome, { kind: 'ok' }>;

function costLine(estimate: CallEstimate): string {
  const start = 'Applying changes only the config; ';
  switch (estimate.state) {
    case 'no-transcript':
      return `${start}how many provider calls running it would make depends on the transcript: load one to see an estimate.`;
    case 'estimating':
      return `${start}estimating the provider calls a run would make…`;
    case 'estimated':
      return `${start}running it with live providers would make about ${estimate.calls} ${estimate.calls === 1 ? 'call' : 'calls'} on this transcript (as many as the offline estimate made; retries and fallbacks add more; the offline summarizer makes none).`;
    case 'unknown':
      return `${start}the calls a run would make could not be estimated (${estimate.reason}).`;
  }
}

/** The read-only preview of a shared config: profile, prompt overrides, carried callbacks as code, cost, and the JSON. */
export function SharedConfigPreview({ outcome, estimate }: { outcome: Readable; estimate: CallEstimate }) {
  const { envelope } = outcome;
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
            <dd>A: {String(envelope.ab.a.profile ?? 'auto-compactor')}, B: {String(envelope.ab.b.profile ?? 'auto-compactor')} (not applied by this dialog)</dd>
          </>
        )}
      </dl>
      <p className="shared-cost" role="note">{costLine(estimate)}</p>
      {outcome.notices.map((notice) => <p key={notice} className="muted">{notice}</p>)}
      {outcome.callbacks.length > 0 && (
        <section className="shared-callbacks" aria-label="Callbacks in this config">
          <p className="notice">
            This config carries JavaScript callbacks. They are shown here as code and never run without your consent: applying does not run them, and a run asks before it would.
          </p>
          {outcome.callbacks.map((callback) => (
            <figure key={callback.path}>
              <figcaption><code>{callback.path}</code></figcaption>
              <pre><code>{callback.source}</code></pre>
            </figure>
          ))}
        </section>
      )}
      {outcome.prompts.length > 0 && (
        <section aria-label="Prompt overrides">
          <h3>Prompt overrides</h3>
          {outcome.prompts.map((prompt) => (
            <div key={prompt.id} className="shared-prompt">
              <h4>{prompt.label}</h4>
              <CollapsibleText text={prompt.text} label={prompt.label} />
            </div>
          ))}
        </section>
      )}
      <section aria-label="Shared config JSON">
        <h3>Config JSON</h3>
        <pre className="shared-json">{outcome.json}</pre>
      </section>
    </div>
  );
}
