import { defaultSummarizePrompt } from '../../strategies/summarize-prompt';
import type { ProfileMeta } from '../profile-meta';
import { twoTierPresets } from './presets';
import { upstreamDeviations, upstreamSource } from './upstream-deviations';

/** Seed 3 (Harn `AutoCompactConfig`) as the page knows it, without its run code. */
export const twoTierMeta: ProfileMeta<'two-tier'> = {
  id: 'two-tier',
  label: 'Mask old tool output, summarize past a hard limit',
  origin: "after Harn's AutoCompactConfig (Rust)",
  windowField: 'contextWindow',
  keyParameters: [
    { field: 'contextWindow', label: 'Context window', kind: 'tokens' },
    { field: 'tokenThreshold', label: 'Tier 1 threshold', kind: 'tokens' },
    { field: 'hardLimitTokens', label: 'Tier 2 hard limit', kind: 'tokens' },
    { field: 'keepLast', label: 'Keep last messages', kind: 'count' },
  ],
  whatIfFields: [
    { id: 'window', label: 'What-if window', parameter: 'contextWindow', step: 1000, min: 1, startingValue: (limits) => limits.window },
    { id: 'threshold', label: 'What-if tier-1 threshold', parameter: 'tokenThreshold', step: 1000, min: 0, startingValue: (limits) => limits.trigger },
  ],
  presets: twoTierPresets,
  promptSlots: [
    {
      id: 'summarizePrompt',
      label: 'Summarize template',
      path: ['summarizePrompt'],
      variables: ['formatted_messages', 'archived_count'],
      defaultText: defaultSummarizePrompt,
      wording: { kind: 'paraphrase', upstream: 'burin-labs/harn crates/harn-vm/src/orchestration/compaction.rs (render_llm_compaction_prompt)' },
      upstreamPlaceholders: { formatted: 'formatted_messages', archived_count: 'archived_count' },
    },
  ],
  codeLanguage: 'harn',
  // The tier-1 threshold at its lowest: every context is over it.
  forceGate: { field: 'tokenThreshold', value: 0 },
  // Summarize everything: the default tier-1 strategy only masks tool outputs, and its split snaps back to the last
  // human message, which can leave a whole agentic turn verbatim, whatever the target.
  // The summarizer is shown the tool calls too (the lab extension): with harn's role-and-content list alone it sees
  // results without the calls that read, changed or ran them, and writes far under the size asked for.
  sizedLike: () => ({ compactStrategy: 'llm', keepLast: 0, tokenThreshold: 0, summarizeToolCalls: true }),
  upstream: { relation: 'reproduces', sources: [upstreamSource], deviations: upstreamDeviations },
};
