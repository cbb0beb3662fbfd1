import type { ProfileMeta } from '../profile-meta';
import { compactionSystemPrompt } from './compaction-system-prompt';
import { upstreamDeviations, upstreamSource } from './upstream-deviations';

/** Seed 2 (NHTIO/ADK `assembleCompactedTurns`) as the page knows it, without its run code. */
export const rollingSummaryMeta: ProfileMeta<'rolling-summary'> = {
  id: 'rolling-summary',
  label: 'Rolling summary, newest turns kept',
  origin: "after ADK's assembleCompactedTurns (TypeScript)",
  keyParameters: [
    { field: 'summariseAtTokens', label: 'Summarise at tokens', kind: 'tokens' },
    { field: 'keepVerbatim', label: 'Keep verbatim turns', kind: 'count' },
  ],
  whatIfFields: [{ id: 'threshold', label: 'What-if summarise-at tokens', parameter: 'summariseAtTokens', step: 500, min: 0, startingValue: (limits) => limits.trigger }],
  presets: [{ id: 'adk-defaults', label: 'ADK assembleCompactedTurns defaults', isApproximation: false, source: 'seed-semantics.md §2.2 (keepVerbatim 2, summariseAtTokens 2500)', parameters: () => ({}) }],
  promptSlots: [
    { id: 'systemPrompt', label: 'Summarizer system prompt', path: ['systemPrompt'], variables: [], defaultText: compactionSystemPrompt, wording: { kind: 'paraphrase', upstream: 'NHTIO/ADK src/batteries/context/compact/summarizer.ts' } },
  ],
  codeLanguage: 'ts',
  // Summarise at 0 tokens: any older turns are summarised.
  forceGate: { field: 'summariseAtTokens', value: 0 },
  // Summarise at 0 tokens (the agent compacted here) and keep no verbatim turn: the newest agentic turn alone is often
  // larger than the agent's whole summary (on the development corpus, 4 of 15 sized runs kept 2–4× the size asked for
  // with one turn verbatim), so at an equal size the summary must carry it. The summarizer reads the whole older region
  // (the lab extension): with the seed's 12,000-character request cap it sees the oldest part only, and writes a
  // fraction of the size asked for.
  sizedLike: () => ({ summariseAtTokens: 0, keepVerbatim: 0, historyCharCap: null }),
  upstream: { relation: 'reproduces', sources: [upstreamSource], deviations: upstreamDeviations },
};
