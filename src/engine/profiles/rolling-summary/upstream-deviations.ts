import type { UpstreamDeviation, UpstreamSource } from '../upstream-deviation';

/** The code `rolling-summary` reproduces: ADK's compact battery and the turn grouping it runs on. */
export const upstreamSource: UpstreamSource = {
  repository: 'NHTIO/ADK',
  commit: '7329b931e7640b166aef18f9aa1c58d494a0bafb',
  files: ['src/batteries/context/compact/summarizer.ts', 'src/batteries/context/thrift/relevance.ts'],
};

/** Where `rolling-summary` deliberately differs from ADK (being written; see the profile's README entry). */
export const upstreamDeviations: readonly UpstreamDeviation[] = [
  {
    title: 'Default system prompt is a paraphrase',
    upstream: 'COMPACTION_SYSTEM_PROMPT in src/batteries/context/compact/summarizer.ts (970 characters).',
    ours: 'compactionSystemPrompt: the same opening ask, the nine sections in the same order and the same closing demand, in our own sentences (931 characters).',
    why: 'We never copy upstream prose; paste the upstream text into systemPrompt to send it byte for byte.',
  },
];
