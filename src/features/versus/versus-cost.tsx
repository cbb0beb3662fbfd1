import { compactionCost, contextBasis, contextFigure, type CompactionCost, type VersusReport } from '../../engine';
import type { Transcript } from '../../engine/transcript';
import { useContextBasis } from '../../state/selectors';
import { compactionCostBasisWords, useModelPricing } from '../../state/use-model-pricing';
import { formatCost } from '../../ui/format';

/** A dollar figure that may be unknown, signed when asked: "+$0.1050", "cost unknown". */
function dollars(value: number | null, isSigned = false): string {
  if (value === null || !isSigned || value === 0) return formatCost(value);
  return `${value > 0 ? '+' : '−'}${formatCost(Math.abs(value))}`;
}

/**
 * The agent's side where its summarizer call (not in its log) leaves a figure open: what is known, and what is not —
 * "$0.0315 + its summarizer call (not in the log)" rather than a bare "cost unknown".
 */
function agentCell(id: string, agent: CompactionCost): string | undefined {
  if (agent.summarizerUsd !== null || agent.rewriteUsd === null) return undefined;
  if (id === 'summarizer') return 'not in the log: unknown';
  if (id === 'total') return `${dollars(agent.rewriteUsd)} + its summarizer call (not in the log)`;
  if (id === 'extra' && agent.notCompactingUsd !== null) return `${dollars(agent.rewriteUsd - agent.notCompactingUsd, true)} + its summarizer call (not in the log)`;
  return undefined;
}

const rows: { id: string; label: string; value(cost: CompactionCost): string }[] = [
  { id: 'summarizer', label: 'Summarizer calls', value: (cost) => (cost.summarizerUsd === null ? 'cost unknown' : dollars(cost.summarizerUsd)) },
  { id: 'rewrite', label: "The next call's input: the cached head read, the rest written to the cache again", value: (cost) => dollars(cost.rewriteUsd) },
  { id: 'total', label: 'Cost of the compaction', value: (cost) => dollars(cost.totalUsd) },
  { id: 'without', label: 'The next call without compacting (the whole context read from the cache)', value: (cost) => dollars(cost.notCompactingUsd) },
  { id: 'extra', label: 'What compacting adds to the next call', value: (cost) => dollars(cost.extraUsd, true) },
];

/**
 * Each side of the comparison priced as one compaction (issue 28): the agent's (its summarizer call is not in the log:
 * unknown) and the profile's (offline: free; a live summarizer's cost is the network panel's, unknown here), each with
 * the cache rewrite its context costs the next call against not compacting, on the transcript's model. The context
 * before is the agent's own logged count at its compaction; without it "without compacting" is unknown.
 */
export function VersusCost({ report, transcript, profileTitle, isOffline }: { report: VersusReport; transcript: Transcript; profileTitle: string; isOffline: boolean }) {
  const { pricing, problem } = useModelPricing(transcript.meta.model);
  const pageBasis = useContextBasis();
  const basis = pageBasis.encoding === report.basis.encoding ? pageBasis : contextBasis(report.basis.encoding, undefined);
  const marker = transcript.markers.find((candidate) => candidate.atIndex === report.boundary.atMessage);
  const before = marker?.tokensBefore;
  const costOf = (tokens: number, summarizerUsd: number | null): CompactionCost => {
    const cost = compactionCost({ contextBefore: before ?? 0, contextAfter: contextFigure(basis, tokens).tokens, headTokens: basis.overheadTokens, summarizerUsd, prices: pricing?.found?.prices, lifetime: '5m' });
    if (before !== undefined) return cost;
    return { ...cost, notCompactingUsd: null, extraUsd: null };
  };
  const agent = costOf(report.agent.tokens, null);
  const profile = costOf(report.profile.tokens, isOffline ? 0 : null);
  return (
    <section className="versus-cost" aria-label="Cost of each compaction">
      <table className="retention-table versus-table" aria-label="Cost of each compaction">
        <thead>
          <tr>
            <th scope="col">US dollars</th>
            <th scope="col">Agent's compaction</th>
            <th scope="col">{profileTitle}</th>
          </tr>
        </thead>
        <tbody>
          {rows.map((row) => (
            <tr key={row.id} data-cost={row.id}>
              <th scope="row">{row.label}</th>
              <td>{agentCell(row.id, agent) ?? row.value(agent)}</td>
              <td>{row.id === 'summarizer' && isOffline ? '$0 (offline summarizer)' : row.value(profile)}</td>
            </tr>
          ))}
        </tbody>
      </table>
      <p className="muted" data-testid="versus-cost-basis">
        {pricing ? compactionCostBasisWords(pricing, basis.overheadTokens) : (problem ?? 'Reading the prices…')}
        {before === undefined ? ' The source did not log the context before the compaction: the next call without compacting is unknown.' : ''}
      </p>
    </section>
  );
}
