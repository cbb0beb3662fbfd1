import { useState } from 'react';
import { CartesianGrid, ResponsiveContainer, Scatter, ScatterChart, Tooltip, XAxis, YAxis } from 'recharts';
import './cost-retention-chart.css';
import { drawnLines, type Axis, type CostRetentionPoint, type CostRetentionSeries, type Datum } from './cost-retention-lines';
import { formatCost, formatInteger, formatPercent } from './format';


/** What the chart draws and how it answers clicks. */
export interface CostRetentionChartProps {
  series: readonly CostRetentionSeries[];
  /** Whether every series can be drawn against cost (every call matched to a pass and priced). */
  canShowCost: boolean;
  /** Said under the title: which runs the series are, and anything else a reader must know to trust them. */
  caption?: string;
  /** The pass shown elsewhere on the page, marked on every series; none when nothing is chosen. */
  selectedPass?: number;
  /** When given, points and list entries choose their pass. */
  onChoosePass?(pass: number): void;
}


const axisLabels: Record<Axis, string> = {
  tokensSaved: 'Tokens saved so far (exact counts)',
  costUsd: 'Cost of summarizer calls so far (US dollars)',
};


/** One line per point, for the tooltip and for the list under the chart; names the series when there are several. */
function describePoint(point: CostRetentionPoint, seriesName?: string): string {
  const cost = point.costUsd === null ? '' : `, ${formatCost(point.costUsd)} of summarizer calls`;
  const tokens = point.tokensSaved < 0 ? `${formatInteger(-point.tokensSaved)} tokens added` : `${formatInteger(point.tokensSaved)} tokens saved`;
  const name = seriesName ? `${seriesName}, ` : '';
  return `${name}${point.label}: kept ${formatPercent(point.retentionPercent / 100)} of the ${formatInteger(point.factCount)} facts compacted so far, ${tokens}${cost}`;
}

function PointTooltip({ active, payload }: { active?: boolean; payload?: readonly { payload?: Datum }[] }) {
  const point = payload?.[0]?.payload;
  if (!active || !point) return null;
  const words = point.isStart ? 'Original: nothing compacted yet, so nothing lost or saved' : describePoint(point, point.seriesName);
  return <div className="cost-retention-tooltip">{words}</div>;
}

/**
 * Cost versus retention across passes, one connected line of points per series (a run or a variant) from the original
 * (100 % kept, nothing saved or spent): cumulative retention up, tokens saved (or, when every series' calls are matched
 * and priced, their cumulative cost) across. A text list of every pass follows the chart, so its numbers are readable
 * without a pointer.
 */
export function CostRetentionChart({ series, canShowCost, caption, selectedPass, onChoosePass }: CostRetentionChartProps) {
  const [chosenAxis, setAxis] = useState<Axis>('costUsd');
  const axis: Axis = canShowCost ? chosenAxis : 'tokensSaved';
  const named = series.length > 1;
  const drawn = drawnLines(series, axis);
  return (
    <figure className="cost-retention-chart" aria-label="Cost versus retention chart">
      <div className="cost-retention-header">
        <h3>Cost versus retention</h3>
        <label>
          Horizontal axis{' '}
          <select value={axis} onChange={(event) => setAxis(event.target.value as Axis)}>
            <option value="tokensSaved">{axisLabels.tokensSaved}</option>
            <option value="costUsd" disabled={!canShowCost}>
              {axisLabels.costUsd}
              {canShowCost ? '' : ' (no priced live calls)'}
            </option>
          </select>
        </label>
      </div>
      {caption && <figcaption className="muted">{caption}</figcaption>}
      <div className="cost-retention-frame">
        <ResponsiveContainer width="100%" height={260}>
          <ScatterChart margin={{ top: 12, right: 24, bottom: 28, left: 16 }}>
            <CartesianGrid strokeDasharray="3 3" strokeOpacity={0.3} />
            <XAxis
              type="number"
              dataKey="x"
              domain={[(lowest: number) => Math.min(0, lowest), (highest: number) => Math.max(0, highest)]}
              tickFormatter={(value: number) => (axis === 'costUsd' ? formatCost(value) : formatInteger(value))}
              label={{ value: axisLabels[axis], position: 'insideBottom', offset: -16, fill: 'currentColor' }}
              tick={{ fill: 'currentColor' }}
            />
            <YAxis
              type="number"
              dataKey="retentionPercent"
              domain={[0, 100]}
              tickFormatter={(value: number) => `${value}%`}
              label={{ value: 'Facts kept so far (%)', angle: -90, position: 'insideLeft', style: { textAnchor: 'middle' }, fill: 'currentColor' }}
              tick={{ fill: 'currentColor' }}
              width={64}
            />
            <Tooltip content={<PointTooltip />} isAnimationActive={false} cursor={false} />
            {drawn.map((line, index) => (
              <Scatter
                key={line.id}
                name={line.name}
                data={line.data}
                className={`cost-series cost-series-${index % 4}`}
                line
                isAnimationActive={false}
                shape={(props: { cx?: number; cy?: number; payload?: Datum }) => {
                  if (props.payload?.isStart) {
                    // Every line starts here: one small mark, named once.
                    return (
                      <g className="cost-start">
                        <circle cx={props.cx} cy={props.cy} r={3} className="cost-dot" />
                        {index === 0 && <text x={(props.cx ?? 0) + 8} y={(props.cy ?? 0) + 14} className="cost-start-label">Original</text>}
                      </g>
                    );
                  }
                  const isSelected = props.payload?.pass === selectedPass;
                  return (
                    <circle
                      cx={props.cx}
                      cy={props.cy}
                      r={isSelected ? 7 : 5}
                      className={`cost-dot${isSelected ? ' is-selected' : ''}${onChoosePass ? ' is-clickable' : ''}`}
                      onClick={onChoosePass && props.payload ? () => onChoosePass(props.payload?.pass ?? 0) : undefined}
                    />
                  );
                }}
              />
            ))}
          </ScatterChart>
        </ResponsiveContainer>
      </div>
      {named && (
        <ul className="cost-retention-legend" aria-label="Chart series">
          {series.map((line, index) => (
            <li key={line.id} className={`cost-series-${index % 4}`}>
              <span className="cost-swatch" aria-hidden="true" />
              {line.name}
            </li>
          ))}
        </ul>
      )}
      <ul className="cost-retention-points" aria-label="Retention per pass">
        {drawn.flatMap((line) =>
          line.points.map((point) => (
            <li key={`${line.id}-${point.pass}`}>
              {onChoosePass ? (
                <button type="button" className="link-button" aria-pressed={point.pass === selectedPass} onClick={() => onChoosePass(point.pass)}>
                  {describePoint(point, named ? line.name : undefined)}
                </button>
              ) : (
                describePoint(point, named ? line.name : undefined)
              )}
            </li>
          )),
        )}
      </ul>
    </figure>
  );
}
