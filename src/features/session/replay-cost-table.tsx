import type { ContextBasis, CostByKind, ReplayCost } from '../../engine';
import { Term } from '../../ui/term';
import { agentCheckWords, dollars, overheadFiguresWords } from './cost-words';

/** One policy's priced replay as the cost table reads it. */
export interface PricedPolicy {
  cost?: ReplayCost;
  /** Why the replay has no cost, in words. */
  costProblem?: string;
  isOffline: boolean;
}

/** One row of the cost table: its label, the agent's figure as logged and by the cache model, and each policy's. */
interface CostRow {
  id: string;
  label: string;
  logged(cost: ReplayCost): string;
  model(cost: ReplayCost): string;
  policy(cost: ReplayCost, isOffline: boolean): string;
}

const sum = (left: number | null, right: number | null) => (left === null || right === null ? null : left + right);

/** A row of one kind of token: the agent's by kind as logged and by the cache model, and the policy's agent calls. */
function kindRow(id: string, label: string, kind: keyof CostByKind, policyUsd: (cost: ReplayCost) => number | null): CostRow {
  return {
    id,
    label,
    logged: ({ agent }) => dollars(agent.loggedByKind?.[kind] ?? null, agent.unknownModels),
    model: ({ agent }) => dollars(agent.simulatedByKind?.[kind] ?? null, agent.unknownModels),
    policy: (cost) => dollars(policyUsd(cost), cost.policy.unknownModels),
  };
}

/** The agent's whole bill by the cache model: its input side as simulated plus its logged output. */
const agentByModel = (cost: ReplayCost) => sum(cost.agent.simulatedUsd, cost.agent.outputUsd);

/** A difference in US dollars with its sign: "+$0.1200", "−$0.0300", or "cost unknown". */
function signedDollars(usd: number | null): string {
  if (usd === null) return 'cost unknown';
  if (usd === 0) return '$0';
  return `${usd > 0 ? '+' : '−'}${dollars(Math.abs(usd))}`;
}

const rows: CostRow[] = [
  {
    id: 'total',
    label: 'Total',
    logged: ({ agent }) => dollars(sum(agent.loggedUsd, agent.outputUsd), agent.unknownModels),
    model: (cost) => dollars(agentByModel(cost), cost.agent.unknownModels),
    policy: ({ policy }) => dollars(policy.totalUsd, policy.unknownModels),
  },
  {
    id: 'agent-calls',
    label: 'Agent calls',
    logged: ({ agent }) => dollars(sum(agent.loggedUsd, agent.outputUsd), agent.unknownModels),
    model: (cost) => dollars(agentByModel(cost), cost.agent.unknownModels),
    policy: ({ policy }) => dollars(policy.agentCallsUsd, policy.unknownModels),
  },
  {
    id: 'summarizer',
    label: 'Summarizer calls',
    logged: () => '—*',
    model: () => '—*',
    policy: ({ policy }, isOffline) => (policy.summarizerUsd === 0 && isOffline ? '$0 (offline)' : dollars(policy.summarizerUsd)),
  },
  kindRow('input', 'uncached input', 'input', ({ policy }) => policy.inputUsd),
  kindRow('cache-write', 'cache writes', 'cacheWrite', ({ policy }) => policy.cacheWriteUsd),
  kindRow('cache-read', 'cache reads', 'cacheRead', ({ policy }) => policy.cacheReadUsd),
  kindRow('output', 'output', 'output', ({ policy }) => policy.outputUsd),
  {
    id: 'difference',
    label: 'Policy − agent (cache model)',
    logged: () => '',
    model: () => '',
    policy: (cost) => {
      const agent = agentByModel(cost);
      return signedDollars(cost.policy.totalUsd === null || agent === null ? null : cost.policy.totalUsd - agent);
    },
  },
];

/**
 * What the session cost (issue 28): the agent's own calls as its log bills them and as the cache model bills them,
 * beside each policy's bill by the same cache model (its agent calls on its context, its summarizer calls, the agent
 * calls by kind) and the policy's difference against the agent on that same basis; the cache model checked on the
 * agent's own calls, and every assumption the figures rest on (with the chart's basis, why the system prompt and tools
 * have more than one figure). A replay with no cost says why.
 */
export function ReplayCostTable({ a, b, chartBasis }: { a: PricedPolicy; b?: PricedPolicy; chartBasis?: ContextBasis }) {
  const costA = a.cost;
  if (!costA) return <p className="muted session-cost-problem">{a.costProblem ?? 'This replay was not priced: cost unknown.'}</p>;
  const costB = b?.cost;
  const hasB = b !== undefined;
  const noUsage = costA.agent.calls === 0;
  return (
    <section className="session-cost" aria-label="Cost">
      <h3>Cost</h3>
      <div className="session-table-scroll">
        <table className="figure-table session-table session-cost-table" aria-label="Replay cost">
          <thead>
            <tr>
              <th scope="col">US dollars</th>
              <th scope="col">Agent, logged</th>
              <th scope="col">Agent, cache model</th>
              <th scope="col">{hasB ? 'Policy A' : 'Policy'}, cache model</th>
              {hasB && <th scope="col">Policy B, cache model</th>}
            </tr>
          </thead>
          <tbody>
            {rows.map((row) => (
              <tr key={row.id} data-cost={row.id}>
                <th scope="row">{row.label}</th>
                <td>{noUsage ? (row.id === 'difference' ? '' : 'no usage logged') : row.logged(costA)}</td>
                <td>{noUsage ? (row.id === 'difference' ? '' : 'no usage logged') : row.model(costA)}</td>
                <td>{row.policy(costA, a.isOffline)}</td>
                {hasB && <td>{costB ? row.policy(costB, b.isOffline) : (b.costProblem ?? 'cost unknown')}</td>}
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      <p className="muted session-cost-footnote">
        * The agent's own compactions are among its calls. &ldquo;Logged&rdquo; is the agent's bill from its log; &ldquo;<Term id="cache-model">cache model</Term>&rdquo; bills the same calls, or the policy's calls on its context, by the lab's cache model, so the policy's difference is set against the agent on that one basis. Output is the agent's logged output in every column.
      </p>
      <p role="note" className="session-agent-check">
        {agentCheckWords(costA.agent)}
      </p>
      <details className="session-cost-assumptions">
        <summary>What the cost assumes</summary>
        <ul>
          {costA.assumptions.map((assumption) => (
            <li key={assumption}>{assumption}</li>
          ))}
          {chartBasis && <li>{overheadFiguresWords(costA, chartBasis)}</li>}
        </ul>
      </details>
    </section>
  );
}
