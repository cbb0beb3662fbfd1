import type { ProfileMeta } from '../profile-meta';
import { autoCompactorPresets } from './presets';
import { seedOnePromptSlots } from './prompt-slots';
import { upstreamDeviations, upstreamSource } from './upstream-deviations';
import { seedOneWhatIfFields } from './what-if-fields';

/** Seed 1 (the Dart `AutoCompactor`) as the page knows it, without its run code. */
export const autoCompactorMeta: ProfileMeta<'auto-compactor'> = {
  id: 'auto-compactor',
  label: 'Multi-pass summary with pinned rules',
  origin: 'after the Dart AutoCompactor',
  windowField: 'window',
  keyParameters: [
    { field: 'window', label: 'Window', kind: 'tokens' },
    { field: 'triggerRatio', label: 'Trigger ratio', kind: 'ratio' },
    { field: 'reserveTokens', label: 'Reserve', kind: 'tokens' },
    { field: 'keepRecentTokens', label: 'Keep recent tokens', kind: 'tokens' },
    { field: 'maxPasses', label: 'Max passes', kind: 'count' },
    { field: 'force', label: 'Force (skip the gate)', kind: 'flag' },
  ],
  whatIfFields: seedOneWhatIfFields,
  presets: autoCompactorPresets,
  promptSlots: seedOnePromptSlots,
  codeLanguage: 'dart',
  pins: { style: 'seed' },
  forceGate: { field: 'force', value: true },
  // Compact now, as the agent did at this boundary, and keep the newest half of the target verbatim; what that half
  // cannot hold goes to the summary (the lab extension), so a sized run never keeps everything behind an empty summary.
  sizedLike: (tokens) => ({ force: true, keepRecentTokens: Math.max(1, Math.round(tokens / 2)), oversizedTail: 'summarize-oversized' }),
  upstream: { relation: 'reproduces', sources: [upstreamSource], deviations: upstreamDeviations },
};
