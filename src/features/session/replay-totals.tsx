import { formatInteger } from '../../ui/format';
import type { PolicyContexts } from './policy-contexts';
import { betterWords, totalsLines, type ReplayedPolicy } from './session-totals';

/** Which trigger line both policies' steps were counted against, when B's own is another: said, so no one reads B's. */
function yardstickWords({ lines, ownTriggerOfB }: Pick<PolicyContexts, 'lines' | 'ownTriggerOfB'>): string | undefined {
  if (lines?.trigger === undefined || ownTriggerOfB === undefined) return undefined;
  return `Steps and time over the trigger are counted for both policies against A's trigger line (${formatInteger(lines.trigger)} tokens, the one the chart draws), not B's own (${formatInteger(ownTriggerOfB)}): a policy is not judged by a line it set itself.`;
}

/**
 * The replay's totals: compactions (failed ones said), summarizer calls, tokens sent to summarizers, cost, peak
 * context, steps and time over the trigger. With policy B, both columns side by side with Δ (B − A), and a sentence
 * saying which policy is better on what — both counted against A's lines (`yardstick`), said when B's trigger is another.
 */
export function ReplayTotals({ a, b, yardstick = {} }: { a: ReplayedPolicy; b?: ReplayedPolicy; yardstick?: Pick<PolicyContexts, 'lines' | 'ownTriggerOfB'> }) {
  const lines = totalsLines(a, b);
  const verdict = b ? betterWords(lines) : undefined;
  const sharedLine = b ? yardstickWords(yardstick) : undefined;
  return (
    <section className="session-totals" aria-label="Totals">
      <h3>Totals</h3>
      <div className="session-table-scroll">
        <table className="figure-table session-table" aria-label="Replay totals">
          {b && (
            <thead>
              <tr>
                <th scope="col">Total</th>
                <th scope="col">A</th>
                <th scope="col">B</th>
                <th scope="col">Δ (B − A)</th>
              </tr>
            </thead>
          )}
          <tbody>
            {lines.map((line) => (
              <tr key={line.id} data-total={line.id}>
                <th scope="row">{line.label}</th>
                <td>{line.a}</td>
                {b && <td>{line.b}</td>}
                {b && <td className={line.better === 'B' ? 'delta-better' : line.better === 'A' ? 'delta-worse' : undefined}>{line.delta}</td>}
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      {verdict && <p role="note">{verdict}</p>}
      {sharedLine && <p className="muted">{sharedLine}</p>}
    </section>
  );
}
