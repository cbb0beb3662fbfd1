import { useProviderStore } from '../../state/provider-store';
import { costOf } from '../../providers/live/pricing';
import { CollapsibleText } from '../../ui/collapsible-text';
import { formatCost, formatInteger } from '../../ui/format';
import type { SharedOutcome } from './shared-outcome';
import type { CallEstimate } from './use-call-estimate';

type Readable = Extract<SharedOutcome, { kind: 'ok' }>;

/**
 * The dollars a live run would cost with the page's main model and price table: the summarized context as input and
 * the kept context as an upper bound on output — a rough figure, said as one, and "unknown" for an unpriced model.
 */
function dollarEstimate(estimate: Extract<CallEstimate, { state: 'estimated' }>): string {
  const { mode, rungs, prices } = useProviderStore.getState();
  if (mode === 'offline') return ' With the offline summarizer (your current choice) it costs nothing.';
  const cost = costOf(rungs.main.model, { inputTokens: estimate.summarizedTokens, outputTokens: estimate.summaryTokens }, prices);
  return cost === null
    ? ` Its cost with ${rungs.main.model} is unknown (no price for that model).`
    : ` With ${rungs.main.model} that is roughly ${formatCost(cost)} (about ${formatInteger(estimate.summarizedTokens)} tokens in, at most ${formatInteger(estimate.summaryTokens)} out, exact ${estimate.encoding} counts of the offline run).`;
}

function costLine(estimate: CallEstimate): string {
  const start = 'Applying changes only the config; ';
  switch (estimate.state) {
    case 'no-transcript':
      return `${start}how many provider calls running it would make depends on the transcript: load one to see an estimate.`;
    case 'estimating':
      return `${start}estimating the provider calls a run would make…`;
    case 'estimated': {
      const impossible = estimate.settingsProblems.length > 0 ? ` These settings cannot work as set: ${estimate.settingsProblems.map((problem) => problem.message).join(' ')} A run refuses them unless you run it anyway.` : '';
      return `${start}running it with live providers would make about ${estimate.calls} ${estimate.calls === 1 ? 'call' : 'calls'} on this transcript (as many as the offline estimate made; retries and fallbacks add more).${dollarEstimate(estimate)}${impossible}`;
    }
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
