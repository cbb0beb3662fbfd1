import { betterWords, totalsLines, type ReplayedPolicy } from './session-totals';

/**
 * The replay's totals: compactions (failed ones said), summarizer calls, tokens sent to summarizers, cost, peak
 * context, steps and time over the trigger. With policy B, both columns side by side with Δ (B − A), and a sentence
 * saying which policy is better on what.
 */
export function ReplayTotals({ a, b }: { a: ReplayedPolicy; b?: ReplayedPolicy }) {
  const lines = totalsLines(a, b);
  const verdict = b ? betterWords(lines) : undefined;
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
    </section>
  );
}
