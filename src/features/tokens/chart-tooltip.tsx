import { formatInteger, formatPercent } from '../../ui/format';
import { TermText } from '../../ui/term';
import type { ConfigLimits } from '../../worker-client/protocol';
import { chartKinds, describeRetention, shareOfLimit, type ChartRow } from './chart-rows';
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
            {chartKinds.map((kind) =>
              row[kind] ? (
                <tr key={kind}>
                  <th scope="row">{kindStyles[kind].label}</th>
                  <td>{formatInteger(row[kind] ?? 0)}</td>
                  <td className="muted">{formatPercent((row[kind] ?? 0) / total)} of this state's total</td>
                </tr>
              ) : null,
            )}
            <tr>
              <th scope="row">Context tokens</th>
              <td>{formatInteger(total)}</td>
              <td className="muted">{shareOfLimit(total, limits) ?? ''}</td>
            </tr>
            {row.range && (
              <tr>
                <th scope="row">Calibration range</th>
                <td>{formatInteger(row.range[0])}–{formatInteger(row.range[1])}</td>
                <td className="muted">10th–90th percentile of the ratio</td>
              </tr>
            )}
          </tbody>
        </table>
      )}
      {row.estimate !== undefined && (
        <p>
          <TermText id="gate-estimate">The profile's own estimate</TermText>{row.pass === 0 ? ' before pass 1' : ''}: {formatInteger(row.estimate)}
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
