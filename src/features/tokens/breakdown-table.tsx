import { formatInteger, formatPercent } from '../../ui/format';
import { Term } from '../../ui/term';
import type { ConfigLimits } from '../../worker-client/protocol';
import { chartKinds, describeRetention, type ChartRow } from './chart-rows';
import { kindStyles } from './kind-style';

/** What the breakdown table shows. */
export interface BreakdownTableProps {
  rows: ChartRow[];
  limits: ConfigLimits;
  /** What the figures are, in words (the page's basis). */
  basisLabel: string;
  selectedPass: number;
  onChoosePass(pass: number): void;
}

function Cell({ tokens, of, ofWhat }: { tokens?: number; of?: number; ofWhat: string }) {
  if (tokens === undefined) return <td className="muted">—</td>;
  return (
    <td>
      {formatInteger(tokens)}
      {of && tokens !== 0 ? <span className="muted share"> {formatPercent(tokens / of)} {ofWhat}</span> : null}
    </td>
  );
}

/** A pass's facts kept so far: the percentage, then what it is of (or why there is none). */
function RetentionCell({ row }: { row: ChartRow }) {
  if (row.retentionPercent === undefined) return <td className="muted">— <span className="share">{describeRetention(row)}</span></td>;
  return (
    <td>
      {formatPercent(row.retentionPercent / 100)}
      <span className="muted share"> of {formatInteger(row.factCount ?? 0)} facts compacted so far</span>
    </td>
  );
}

/**
 * Tokens per kind per state, in the spirit of Claude Code's `/context`: the unstored overhead and each kind with its
 * share of that state's context, the context total and what the gate saw apart, then — apart, because they are not in
 * the context — the reserve / output buffer and the space left, as shares of the window. Once the run's retention is
 * measured, a row says what share of the facts compacted so far each pass kept.
 */
export function BreakdownTable({ rows, limits, basisLabel, selectedPass, onChoosePass }: BreakdownTableProps) {
  const window = limits.window;
  const reserve = limits.reserve;
  const hasRetention = rows.some((row) => row.retentionPercent !== undefined);
  return (
    <div className="breakdown-scroll">
      <table className="figure-table breakdown-table" aria-label="Tokens by kind per pass">
        <caption className="muted">
          Context tokens: {basisLabel}. The <Term id="overhead" /> are what every model call carries beside the messages, estimated from the logged usage; no pass
          removes them. {limits.estimateBasis ? <>The <Term id="gate-estimate" /> is {limits.estimateBasis}.</> : ''}
        </caption>
        <thead>
          <tr>
            <th scope="col">Kind</th>
            {rows.map((row) => (
              <th scope="col" key={row.pass} className={row.pass === selectedPass ? 'selected-pass' : undefined}>
                <button type="button" aria-pressed={row.pass === selectedPass} onClick={() => onChoosePass(row.pass)}>
                  {row.label}
                </button>
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {chartKinds.map((kind) => (
            <tr key={kind}>
              <th scope="row">
                <span className="legend-swatch" style={{ background: kindStyles[kind].color }} aria-hidden="true" />
                {kindStyles[kind].label}
              </th>
              {rows.map((row) => (
                <Cell key={row.pass} tokens={row[kind]} of={row.total} ofWhat="of this pass's total" />
              ))}
            </tr>
          ))}
          <tr className="total-row">
            <th scope="row" title={basisLabel}>Context tokens</th>
            {rows.map((row) => (
              <Cell key={row.pass} tokens={row.total} of={window} ofWhat="of the window" />
            ))}
          </tr>
          <tr className="muted-row">
            <th scope="row"><Term id="gate-estimate">The profile's own estimate</Term></th>
            {rows.map((row) => (
              <Cell key={row.pass} tokens={row.estimate} of={window} ofWhat="of the window" />
            ))}
          </tr>
        </tbody>
        {window !== undefined && (
          <tbody className="buffer-rows">
            <tr>
              <th scope="row">Reserve / output buffer (kept free, not in the context)</th>
              {rows.map((row) => (
                <Cell key={row.pass} tokens={reserve} of={reserve ? window : undefined} ofWhat="of the window" />
              ))}
            </tr>
            <tr>
              <th scope="row">Free space (window − total − reserve; negative: over the window)</th>
              {rows.map((row) => (
                <Cell key={row.pass} tokens={row.total === undefined ? undefined : window - row.total - (reserve ?? 0)} of={window} ofWhat="of the window" />
              ))}
            </tr>
          </tbody>
        )}
        {hasRetention && (
          <tbody className="retention-rows">
            <tr>
              <th scope="row">Facts kept so far (cumulative retention)</th>
              {rows.map((row) => (
                <RetentionCell key={row.pass} row={row} />
              ))}
            </tr>
          </tbody>
        )}
      </table>
    </div>
  );
}
