import { formatSignedUsd, formatUsd } from '../../ui/format';
import { memo, useMemo } from 'react';
import { CartesianGrid, ComposedChart, Line, ReferenceDot, Tooltip, XAxis, YAxis } from 'recharts';
import type { LegendItem } from '../../ui/chart-legend';
import { costRows, type ChartCosts } from './chart-data';
import type { CompactionCostStep } from './cost-series';
import type { useChartColors } from './use-chart-colors';

/** Which replay a cost step belongs to. */
type PolicyName = 'A' | 'B';

/** The cost strip's lines: the data key, the colour's name and the dash (SVG dash array, "" solid) of each. */
const costLines = {
  agentUsd: { color: 'agentLoggedCost', dash: '' },
  agentModelUsd: { color: 'agentModelCost', dash: '6 3' },
  aUsd: { color: 'policyACost', dash: '' },
  bUsd: { color: 'policyBCost', dash: '2 2' },
} as const;

/** US dollars on the cost axis: "$0.42", "$12", "$1.2k". */
function dollarTick(value: number): string {
  if (value >= 1000) return `$${(value / 1000).toFixed(1)}k`;
  if (value >= 10) return `$${Math.round(value)}`;
  return `$${value.toFixed(2)}`;
}

/**
 * The step a policy compaction causes, in words: what the policy's cost rose by from just before the compaction to
 * the end of the next agent call (the summarizer call, then that whole call, which writes the compacted context to the
 * cache again), and what the agent's own same call cost by the cache model, to set it against.
 */
function costStepWords(policy: PolicyName, step: CompactionCostStep, hasB: boolean): string {
  const whose = hasB ? `Policy ${policy}'s compaction` : 'Compaction';
  const agent = step.agentCallUsd === undefined ? '' : `; the agent's own same call cost ${formatUsd(step.agentCallUsd)} by the cache model`;
  return `${whose} ${step.ordinal}: ${formatSignedUsd(step.after - step.before)} for its summarizer calls and the whole next agent call, which writes the compacted context to the cache again${agent}`;
}

/** A compaction's cost step: a small square on the policy's cost line with its words as its name and title. */
function CostStepMark({ cx, cy, color, label }: { cx?: number; cy?: number; color: string; label: string }) {
  if (cx === undefined || cy === undefined) return null;
  return (
    <g role="img" aria-label={label} className="cost-step-mark">
      <title>{label}</title>
      <rect x={cx - 4} y={cy - 4} width={8} height={8} fill="none" stroke={color} strokeWidth={2} />
    </g>
  );
}

/** The cost strip's legend entries: each drawn line in its colour and dashes. */
export function costLegend(costs: ChartCosts, colors: ReturnType<typeof useChartColors>, hasB: boolean): LegendItem[] {
  const item = (key: keyof typeof costLines, label: string): LegendItem => ({ label, color: colors[costLines[key].color], dash: costLines[key].dash });
  return [
    ...(costs.a && costs.a.agentLogged.length > 0 ? [item('agentUsd', "Cost (lower strip): the agent as its log bills it")] : []),
    ...(costs.a && costs.a.agentModel.length > 0 ? [item('agentModelUsd', "The agent's same calls as the cache model bills them")] : []),
    ...(costs.a && costs.a.policy.length > 0 ? [item('aUsd', `${hasB ? 'Policy A' : 'The policy'} by the cache model: its agent calls with caching + its summarizer calls (a square marks each compaction's step)`)] : []),
    ...(costs.b && costs.b.policy.length > 0 ? [item('bUsd', 'Policy B by the cache model')] : []),
  ];
}

/** What the cost strip draws: the replays' cost lines on the token chart's x axis and domain. */
interface CostStripProps {
  costs: ChartCosts;
  width: number;
  domain: [number, number];
  tickFormatter(value: number): string;
  xLabel: string;
  colors: ReturnType<typeof useChartColors>;
  hasB: boolean;
  /** The token chart's sync id: hovering either chart moves the cursor in both. */
  syncId: string;
}

/**
 * The cumulative cost of the agent and of each policy in US dollars, in its own strip under the token chart (same x
 * axis and domain, its cursor synced by x value), each line its own colour and dashes, each policy compaction's step
 * marked with its words. Draws nothing when no line has a known point.
 */
export const CostStrip = memo(function CostStrip({ costs, width, domain, tickFormatter, xLabel, colors, hasB, syncId }: CostStripProps) {
  const rows = useMemo(() => costRows(costs), [costs]);
  const top = Math.max(costs.a?.peak ?? 0, costs.b?.peak ?? 0) * 1.08;
  if (top <= 0 || rows.length === 0) return null;
  const drawn = (key: keyof typeof costLines) => rows.some((row) => row[key] !== undefined);
  return (
    <div className="session-cost-strip" role="group" aria-label="Cost over the session, US dollars">
      <ComposedChart width={width} height={200} data={rows} syncId={syncId} syncMethod="value" margin={{ top: 12, right: 24, bottom: 20, left: 16 }}>
        <CartesianGrid strokeDasharray="3 3" stroke={colors.text} strokeOpacity={0.12} />
        <XAxis dataKey="x" type="number" domain={domain} tick={{ fill: colors.text }} tickFormatter={tickFormatter} label={{ value: xLabel, position: 'insideBottomRight', offset: -4, fill: colors.text, fontSize: 12 }} />
        <YAxis domain={[0, top]} tickFormatter={dollarTick} tick={{ fill: colors.text }} width={64} label={{ value: 'US dollars', angle: -90, position: 'insideLeft', fill: colors.text, fontSize: 12, dy: 30 }} />
        {/* The token chart's tooltip says the cost so far; this strip shows the shared cursor only. */}
        <Tooltip content={() => null} isAnimationActive={false} />
        {(Object.keys(costLines) as (keyof typeof costLines)[]).map((key) =>
          drawn(key) ? <Line key={key} type="stepAfter" dataKey={key} stroke={colors[costLines[key].color]} strokeWidth={2} strokeDasharray={costLines[key].dash || undefined} dot={false} isAnimationActive={false} connectNulls /> : null,
        )}
        {(['A', 'B'] as const).flatMap((policy) =>
          ((policy === 'A' ? costs.a : costs.b)?.steps ?? []).map((step) => (
            <ReferenceDot
              key={`cost-${policy}-${step.ordinal}`}
              x={step.x}
              y={step.after}
              shape={(props: { cx?: number; cy?: number }) => <CostStepMark {...props} color={colors[policy === 'A' ? 'policyACost' : 'policyBCost']} label={costStepWords(policy, step, hasB)} />}
            />
          )),
        )}
      </ComposedChart>
    </div>
  );
});
