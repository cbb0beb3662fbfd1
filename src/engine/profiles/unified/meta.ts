import { autoCompactorMeta } from '../auto-compactor/meta';
import type { ProfileMeta } from '../profile-meta';
import { twoTierMeta } from '../two-tier/meta';
import { upstreamDeviations } from './upstream-deviations';

/** The unified pipeline (seeds 1 and 3 composed) as the page knows it, without its run code. */
export const unifiedMeta: ProfileMeta<'unified'> = {
  id: 'unified',
  label: 'Mask, summarize, then trim, with stall guards',
  origin: 'ours: the Dart and Harn policies composed',
  windowField: 'window',
  keyParameters: [
    { field: 'window', label: 'Window', kind: 'tokens' },
    { field: 'triggerRatio', label: 'Trigger ratio', kind: 'ratio' },
    { field: 'reserveTokens', label: 'Reserve', kind: 'tokens' },
    { field: 'keepRecentTokens', label: 'Keep recent tokens', kind: 'tokens' },
    { field: 'hardLimitTokens', label: 'Tier 2 hard limit', kind: 'tokens' },
    { field: 'maxPasses', label: 'Max passes', kind: 'count' },
    { field: 'force', label: 'Force (skip the gate)', kind: 'flag' },
  ],
  // Seed 1's what-if fields: unified keeps seed 1's gate, so the same inputs move it.
  whatIfFields: autoCompactorMeta.whatIfFields,
  presets: [
    { id: 'unified-defaults', label: 'Unified pipeline defaults', isApproximation: false, source: 'unified-config.ts (the Dart gate and ladder; Harn microcompaction, masking and tier 2)', parameters: () => ({}) },
    {
      id: 'opencode', label: 'opencode (prune old tool output beyond 40k) — approximation', isApproximation: true,
      source: 'anchors.md §1.15 opencode (PRUNE_PROTECT 40,000 tokens of tool output, reserved min(20,000, max output), stall < 5 %)',
      note: 'Masking here counts messages, not tool-output tokens: the newest 40,000 tokens stay verbatim and older tool outputs are masked.',
      parameters: () => ({ reserveTokens: 20000, keepRecentTokens: 40000, observationMask: { enabled: true, keepLast: 12 }, stallRatio: 0.05 }),
    },
  ],
  // Seed 1's slot objects themselves: unified sends seed 1's summary prompts, and profiles sending one prompt share its slot.
  promptSlots: autoCompactorMeta.promptSlots,
  codeLanguage: 'dart',
  // As seed 1: compact now, as the agent did at this boundary, and keep the newest half of the target verbatim.
  sizedLike: (tokens) => ({ force: true, keepRecentTokens: Math.max(1, Math.round(tokens / 2)) }),
  pins: { style: 'lab' },
  forceGate: { field: 'force', value: true },
  upstream: { relation: 'composes', sources: [...autoCompactorMeta.upstream.sources, ...twoTierMeta.upstream.sources], deviations: upstreamDeviations },
};
