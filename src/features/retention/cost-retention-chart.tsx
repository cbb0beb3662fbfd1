import { useState } from 'react';
import { CartesianGrid, Line, LineChart, ResponsiveContainer, Tooltip, XAxis, YAxis } from 'recharts';
import { formatCost, formatInteger, formatPercent } from '../../ui/format';
import type { CostPoint } from './cost-points';

/** What the horizontal axis measures. */
type Axis = 'tokensSaved' | 'costUsd';

const axisLabels: Record<Axis, string> = {
  tokensSaved: "Tokens saved so far (profile's estimate)",
  costUsd: 'Cost of summarizer calls so far (US dollars)',
};

/** One line per point, for the tooltip and for the list under the chart. */
function describePoint(point: CostPoint): string {
  const cost = point.costUsd === null ? '' : `, ${formatCost(point.costUsd)} of summarizer calls`;
  const tokens = point.tokensSaved < 0 ? `${formatInteger(-point.tokensSaved)} tokens added` : `${formatInteger(point.tokensSaved)} tokens saved`;
  return `${point.label}: ${formatPercent(point.retentionPercent / 100)} of ${formatInteger(point.factCount)} facts compacted so far kept, ${tokens}${cost}`;
}

function PointTooltip({ active, payload }: { active?: boolean; payload?: readonly { payload?: CostPoint }[] }) {
  const point = payload?.[0]?.payload;
  if (!active || !point) return null;
  return <div className="retention-tooltip">{describePoint(point)}</div>;
}

/**
 * Cost versus retention across passes: each point a pass, cumulative retention up, tokens saved (or, when the run's
 * provider calls could be matched to passes, their cumulative cost) across. Clicking a point chooses that pass.
 */
export function CostRetentionChart({ points, hasCosts, selectedPass, onChoosePass }: { points: readonly CostPoint[]; hasCosts: boolean; selectedPass: number; onChoosePass(pass: number): void }) {
  const [chosenAxis, setAxis] = useState<Axis>('costUsd');
  const canShowCost = hasCosts && points.every((point) => point.costUsd !== null);
  const axis: Axis = canShowCost ? chosenAxis : 'tokensSaved';
  const data = points.map((point) => ({ ...point, x: axis === 'costUsd' ? (point.costUsd ?? 0) : point.tokensSaved }));
  return (
    <figure className="retention-chart" aria-label="Cost versus retention chart">
      <div className="retention-chart-header">
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
      <div className="retention-chart-frame">
        <ResponsiveContainer width="100%" height={260}>
          <LineChart data={data} margin={{ top: 12, right: 24, bottom: 28, left: 16 }}>
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
              domain={[0, 100]}
              tickFormatter={(value: number) => `${value}%`}
              label={{ value: 'Facts kept so far (%)', angle: -90, position: 'insideLeft', style: { textAnchor: 'middle' }, fill: 'currentColor' }}
              tick={{ fill: 'currentColor' }}
              width={64}
            />
            <Tooltip content={<PointTooltip />} isAnimationActive={false} />
            <Line
              type="linear"
              dataKey="retentionPercent"
              name="Facts kept so far"
              isAnimationActive={false}
              dot={(props: { cx?: number; cy?: number; payload?: CostPoint; index?: number }) => (
                <circle
                  key={props.index}
                  cx={props.cx}
                  cy={props.cy}
                  r={props.payload?.pass === selectedPass ? 7 : 5}
                  className={props.payload?.pass === selectedPass ? 'retention-dot is-selected' : 'retention-dot'}
                  onClick={() => props.payload && onChoosePass(props.payload.pass)}
                />
              )}
            />
          </LineChart>
        </ResponsiveContainer>
      </div>
      <ul className="retention-points" aria-label="Retention per pass">
        {points.map((point) => (
          <li key={point.pass}>
            <button type="button" className="link-button" aria-pressed={point.pass === selectedPass} onClick={() => onChoosePass(point.pass)}>
              {describePoint(point)}
            </button>
          </li>
        ))}
      </ul>
    </figure>
  );
}
