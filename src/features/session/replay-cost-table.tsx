import type { ReplayCost } from '../../engine';
import { agentCheckWords, dollars } from './cost-words';

/** One policy's priced replay as the cost table reads it. */
export interface PricedPolicy {
  cost?: ReplayCost;
  /** Why the replay has no cost, in words. */
  costProblem?: string;
  isOffline: boolean;
}

/** One row of the cost table: its label, the agent's figure and each policy's. */
interface CostRow {
  id: string;
  label: string;
  agent(cost: ReplayCost): string;
  policy(cost: ReplayCost, isOffline: boolean): string;
}

const sum = (left: number | null, right: number | null) => (left === null || right === null ? null : left + right);

const rows: CostRow[] = [
  {
    id: 'total',
    label: 'Total',
    agent: ({ agent }) => dollars(sum(agent.loggedUsd, agent.outputUsd), agent.unknownModels),
    policy: ({ policy }) => dollars(policy.totalUsd, policy.unknownModels),
  },
  {
    id: 'agent-calls',
    label: 'Agent calls (with caching)',
    agent: ({ agent }) => dollars(sum(agent.loggedUsd, agent.outputUsd), agent.unknownModels),
    policy: ({ policy }) => dollars(policy.agentCallsUsd, policy.unknownModels),
  },
  {
    id: 'summarizer',
    label: 'Summarizer calls',
    agent: () => "— (the agent's own compactions are among its calls)",
    policy: ({ policy }, isOffline) => (policy.summarizerUsd === 0 && isOffline ? '$0 (offline summarizer)' : dollars(policy.summarizerUsd)),
  },
  { id: 'cache-write', label: 'of the agent calls: cache writes', agent: () => '—', policy: ({ policy }) => dollars(policy.cacheWriteUsd, policy.unknownModels) },
  { id: 'cache-read', label: 'cache reads', agent: () => '—', policy: ({ policy }) => dollars(policy.cacheReadUsd, policy.unknownModels) },
  { id: 'input', label: 'uncached input', agent: () => '—', policy: ({ policy }) => dollars(policy.inputUsd, policy.unknownModels) },
  { id: 'output', label: 'output (as the agent logged it)', agent: ({ agent }) => dollars(agent.outputUsd, agent.unknownModels), policy: ({ policy }) => dollars(policy.outputUsd, policy.unknownModels) },
];

/**
 * What the session cost (issue 28): the agent's own calls as its log bills them beside each policy's bill (its agent
 * calls on its context with caching, its summarizer calls, and the agent calls by kind), the cache model checked on
 * the agent's own calls, and every assumption the figures rest on. A replay with no cost says why.
 */
export function ReplayCostTable({ a, b }: { a: PricedPolicy; b?: PricedPolicy }) {
  const costA = a.cost;
  if (!costA) return <p className="muted session-cost-problem">{a.costProblem ?? 'This replay was not priced: cost unknown.'}</p>;
  const costB = b?.cost;
  const hasB = b !== undefined;
  return (
    <section className="session-cost" aria-label="Cost">
      <h3>Cost</h3>
      <div className="session-table-scroll">
        <table className="figure-table session-table" aria-label="Replay cost">
          <thead>
            <tr>
              <th scope="col">US dollars</th>
              <th scope="col">The agent (as logged)</th>
              <th scope="col">{hasB ? 'Policy A' : 'The policy'}</th>
              {hasB && <th scope="col">Policy B</th>}
            </tr>
          </thead>
          <tbody>
            {rows.map((row) => (
              <tr key={row.id} data-cost={row.id}>
                <th scope="row">{row.label}</th>
                <td>{costA.agent.calls === 0 ? 'no usage logged' : row.agent(costA)}</td>
                <td>{row.policy(costA, a.isOffline)}</td>
                {hasB && <td>{costB ? row.policy(costB, b.isOffline) : (b.costProblem ?? 'cost unknown')}</td>}
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      <p role="note" className="session-agent-check">
        {agentCheckWords(costA.agent)}
      </p>
      <details className="session-cost-assumptions">
        <summary>What the cost assumes</summary>
        <ul>
          {costA.assumptions.map((assumption) => (
            <li key={assumption}>{assumption}</li>
          ))}
        </ul>
      </details>
    </section>
  );
}
