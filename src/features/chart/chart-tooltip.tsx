import { formatInteger, formatPercent } from '../../ui/format';
import { tokenKinds, type ConfigLimits } from '../../worker-client/protocol';
import { describeRetention, shareOfLimit, type ChartRow } from './chart-rows';
import { kindStyles } from './kind-style';

/**
 * The exact numbers of one state on hover: every kind with its share of the state's total, the total against the window,
 * the estimate, and — once the run's retention is measured — the facts kept so far.
 */
export function ChartTooltip({ active, payload, limits, hasRetention }: { active?: boolean; payload?: readonly { payload?: ChartRow }[]; limits: ConfigLimits; hasRetention?: boolean }) {
  const row = payload?.[0]?.payload;
  if (!active || !row) return null;
  const total = row.total;
  return (
    <div className="chart-tooltip">
      <strong>{row.label}</strong>
      {total === undefined ? (
        <p>Exact counts pending.</p>
      ) : (
        <table>
          <tbody>
            {tokenKinds.map((kind) =>
              row[kind] ? (
                <tr key={kind}>
                  <th scope="row">{kindStyles[kind].label}</th>
                  <td>{formatInteger(row[kind] ?? 0)}</td>
                  <td className="muted">{formatPercent((row[kind] ?? 0) / total)} of this state's total</td>
                </tr>
              ) : null,
            )}
            <tr>
              <th scope="row">Total (exact)</th>
              <td>{formatInteger(total)}</td>
              <td className="muted">{shareOfLimit(total, limits) ?? ''}</td>
            </tr>
          </tbody>
        </table>
      )}
      {row.estimate !== undefined && (
        <p>
          Profile's estimate (what its gate compared{row.pass === 0 ? ' before pass 1' : ''}): {formatInteger(row.estimate)}
          {shareOfLimit(row.estimate, limits) ? ` — ${shareOfLimit(row.estimate, limits)}` : ''}
        </p>
      )}
      {hasRetention && <p>Facts kept: {describeRetention(row)}</p>}
      {row.sourceMarkers?.map((marker, index) => (
        <p key={index}>
          Agent's own compaction in the source ({marker.kind}
          {marker.trigger ? `, ${marker.trigger}` : ''}) before message {marker.atIndex + 1}:{' '}
          {marker.tokensBefore !== undefined ? `${formatInteger(marker.tokensBefore)} → ${marker.tokensAfter !== undefined ? formatInteger(marker.tokensAfter) : '?'} tokens logged` : 'no tokens logged'}
        </p>
      ))}
    </div>
  );
}
