import { useMemo } from 'react';
import { compactionCost, contextBasis, contextFigure, loggedNextCall, transcriptCacheLifetime, type CompactionCost, type VersusReport } from '../../engine';
import type { Transcript } from '../../engine/transcript';
import { useContextBasis, useUsageFit } from '../../state/selectors';
import { compactionCostBasisWords, useModelPricing } from '../../state/use-model-pricing';
import { formatInteger, formatSignedUsd, formatUsd, usdDifference } from '../../ui/format';
import { Term } from '../../ui/term';

/** "what compacting adds": the compaction's cost less the next call not compacting, between the figures as shown. */
const addedUsd = (cost: CompactionCost) => usdDifference(cost.notCompactingUsd, cost.totalUsd);

/**
 * The agent's side where its summarizer call (not in its log) leaves a figure open: what is known, and what is not —
 * "$0.0315 + its summarizer call (not in the log)" rather than a bare "cost unknown".
 */
function agentCell(id: string, agent: CompactionCost): string | undefined {
  if (agent.summarizerUsd !== null || agent.rewriteUsd === null) return undefined;
  if (id === 'summarizer') return 'not in the log: unknown';
  if (id === 'total') return `${formatUsd(agent.rewriteUsd)} + its summarizer call (not in the log)`;
  if (id === 'extra') return `${formatSignedUsd(usdDifference(agent.notCompactingUsd, agent.rewriteUsd))} + its summarizer call (not in the log)`;
  return undefined;
}

const rows: { id: string; label: string; meaning: string; value(cost: CompactionCost): string }[] = [
  { id: 'summarizer', label: 'Summarizer calls', meaning: 'What the compaction’s summarizer calls cost.', value: (cost) => formatUsd(cost.summarizerUsd) },
  { id: 'rewrite', label: 'Next call’s cache rewrite', meaning: 'The next agent call’s input after the compaction: the cached head read, the rest written to the cache again.', value: (cost) => `${formatUsd(cost.rewriteUsd)}${cost.isLogged && cost.rewriteUsd !== null ? ' (logged)' : ''}` },
  { id: 'total', label: 'Compaction cost', meaning: 'The summarizer calls plus the cache rewrite.', value: (cost) => formatUsd(cost.totalUsd) },
  { id: 'without', label: 'Next call, not compacting', meaning: 'The next agent call without compacting: the whole context read from the cache.', value: (cost) => formatUsd(cost.notCompactingUsd) },
  { id: 'extra', label: 'Compaction adds', meaning: 'Compaction cost − the next call not compacting (negative: it saves).', value: (cost) => formatSignedUsd(addedUsd(cost)) },
];

/**
 * Each side of the comparison priced as one compaction (issue 28): the agent's (its summarizer call is not in the log:
 * unknown) and the profile's (offline: free; a live summarizer's cost is the network panel's, unknown here), against
 * not compacting, on the transcript's model with the cache lifetime its log shows. Every count is in the provider's
 * tokens: the context before is the agent's own logged count; the profile's context after and the cached head go
 * through the transcript's calibration. The agent's rewrite is its real next call's logged cache read and write when
 * the log has them ("logged"); else both sides are modelled alike.
 */
export function VersusCost({ report, transcript, profileTitle, isOffline }: { report: VersusReport; transcript: Transcript; profileTitle: string; isOffline: boolean }) {
  const { pricing, problem } = useModelPricing(transcript.meta.model);
  const pageBasis = useContextBasis();
  const fit = useUsageFit();
  const lifetime = useMemo(() => transcriptCacheLifetime(transcript), [transcript]);
  // The provider's tokens through the calibration, when the fit was made in the report's encoding.
  const fitted = pageBasis.encoding === report.basis.encoding ? fit : undefined;
  const basis = contextBasis(report.basis.encoding, fitted, true);
  const isProviderBasis = basis.kind === 'calibrated';
  const marker = transcript.markers.find((candidate) => candidate.atIndex === report.boundary.atMessage);
  const before = marker?.tokensBefore;
  const loggedNext = useMemo(() => loggedNextCall(transcript, report.boundary.atMessage), [transcript, report.boundary.atMessage]);
  const costOf = (tokens: number, summarizerUsd: number | null, isAgent: boolean): CompactionCost => {
    const contextAfter = contextFigure(basis, tokens).tokens;
    const cost = compactionCost({ contextBefore: before ?? 0, contextAfter, headTokens: basis.overheadTokens, summarizerUsd, prices: pricing?.found?.prices, lifetime: lifetime.lifetime, ...(isAgent && loggedNext ? { loggedNext } : {}) });
    if (before !== undefined) return cost;
    return { ...cost, notCompactingUsd: null, extraUsd: null };
  };
  const agent = costOf(report.agent.tokens, null, true);
  const profile = costOf(report.profile.tokens, isOffline ? 0 : null, false);
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
              <th scope="row" title={row.meaning}>{row.label}</th>
              <td>{agentCell(row.id, agent) ?? row.value(agent)}</td>
              <td>{row.id === 'summarizer' && isOffline ? '$0.00 (offline summarizer)' : row.value(profile)}</td>
            </tr>
          ))}
        </tbody>
      </table>
      <p className="muted" data-testid="versus-cost-tokens">
        With <Term id="prompt-caching" />, in the provider&apos;s tokens{isProviderBasis ? ' (our counts through the transcript’s calibration)' : ` (no calibration: our ${basis.encoding} counts stand in for the provider's)`}: context before {before === undefined ? 'not logged' : `${formatInteger(before)} (logged)`}; the agent&apos;s next call{' '}
        {agent.isLogged ? `logged ${formatInteger(agent.tokens.headRead)} ` : `${formatInteger(agent.tokens.headRead)} `}<Term id="cache-read" /> and {formatInteger(agent.tokens.written)} <Term id="cache-write" />
        {agent.isLogged ? '' : ' (modelled: the log has no next call with cache usage)'}; {profileTitle}&apos;s, modelled, {formatInteger(profile.tokens.headRead)} read and {formatInteger(profile.tokens.written)} written; <Term id="cache-lifetime" />{' '}
        {lifetime.lifetime === '1h' ? '1 hour' : '5 minutes'} ({lifetime.source === 'logged' ? 'as logged' : 'the default: the log does not say'}).
      </p>
      <p className="muted" data-testid="versus-cost-basis">
        {pricing ? compactionCostBasisWords(pricing, basis.overheadTokens, lifetime) : (problem ?? 'Reading the prices…')}
        {before === undefined ? ' The source did not log the context before the compaction: the next call without compacting is unknown.' : ''}
      </p>
    </section>
  );
}
