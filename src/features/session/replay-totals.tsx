import { formatInteger } from '../../ui/format';
import type { PolicyContexts } from './policy-contexts';
import { betterWords, totalsLines, type ReplayedPolicy } from './session-totals';

/** "A's trigger line (26,500 tokens, the one the chart draws)" or "B's own line (not known: …)". */
function ownWords(name: 'A' | 'B', trigger: number | undefined): string {
  if (trigger === undefined) return `${name}'s own (not known: its config has not been checked)`;
  return `${name}'s own (${formatInteger(trigger)}${name === 'A' ? ', the line the chart draws' : ''})`;
}

/**
 * Which trigger line both policies' steps were counted against, whenever it is not each one's own: said, so no one
 * reads the counts as against the line the chart draws or the one a policy set.
 */
function yardstickWords({ lines, ownTriggers = {} }: Pick<PolicyContexts, 'lines' | 'ownTriggers'>): string | undefined {
  const shared = lines?.trigger;
  if (shared === undefined || (ownTriggers.a === shared && ownTriggers.b === shared)) return undefined;
  const whose = ownTriggers.a === shared ? "A's" : "B's";
  const others = (['A', 'B'] as const).filter((name) => (name === 'A' ? ownTriggers.a : ownTriggers.b) !== shared).map((name) => ownWords(name, name === 'A' ? ownTriggers.a : ownTriggers.b));
  return `Steps and time over the trigger are counted for both policies against one line, the lower trigger of the two: ${whose} (${formatInteger(shared)} tokens), not ${others.join(' or ')}. The same line for both, whichever is A, so swapping A and B mirrors the verdict.`;
}

/**
 * The replay's totals: compactions (failed ones said), summarizer calls, tokens sent to summarizers, cost, peak
 * context, steps and time over the trigger. With policy B, both columns side by side with Δ (B − A), and a sentence
 * saying which policy is better on what — both counted against one line (`yardstick`), said when it is not each one's own.
 */
export function ReplayTotals({ a, b, yardstick = {} }: { a: ReplayedPolicy; b?: ReplayedPolicy; yardstick?: Pick<PolicyContexts, 'lines' | 'ownTriggers'> }) {
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
