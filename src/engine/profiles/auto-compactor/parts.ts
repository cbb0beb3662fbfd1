/**
 * Seed 1's parts that another profile composes: the one door into this folder for another profile's run code (the
 * page-side door is `meta.ts`; see "Faces" in src/engine/profiles/README.md). `unified` keeps seed 1's gate, estimate,
 * summary, attempt ladder, run state and local trim, and renders seed 1's Dart, so it takes them from here; everything
 * else in the folder is the seed's own and may change without another profile noticing. Kept by hand: a name is added
 * when a composition needs it, under the group that says why.
 */

// The gate and what it shows and refuses: unified compacts exactly when seed 1 would, so its chart lines, settings
// problems and replay checkpoints are seed 1's.
export { gateThreshold, shouldCompact } from './gate';
export { seedOneLimits } from './limits';
export { isSetByRatio, seedOneProblems } from './settings-problems';
export { seedOneReplayGate } from './replay-gate';

// The estimate the gate reads (seed 1's usage anchor plus chars/4, or the exact counter) and the config fields with
// their defaults and descriptions, which unified's schema takes field by field.
export { exactEstimator, seedEstimator, type AutoCompactorEstimator } from './estimate';
export { autoCompactorConfigSchema } from './auto-compactor-config';

// The summary: unified's tier 1 is seed 1's cut point, prompts, one compaction call and its retrying attempt ladder.
export { prepareCompaction, projectSummary } from './prepare-compaction';
export { compactSession, type CompactSessionResult } from './compact-session';
export { assemblePrompt, pinFramingOf, resolvePrompts, type PromptParts } from './prompt-assembly';
export type { CompactionPrompts } from './default-prompts';
export { serializeConversation } from './serialization';
export { runRung, type Rung, type RungContext } from './attempt-ladder';

// The run state every stage writes into (fates, insertions, summary records, the pinned carrier), and the valves that
// change it: seed 1's newest tool-pair repair (reused call ids renamed, as strict providers require) and local trim.
export { applyRepair, applySummary, applyTrim, buildSnapshot, initialState, outputMessages, recordOf, type RunState } from './run-state';
export { localTrim, withoutUsage } from './local-trim';
export { repairToolPairingSeed } from './tool-pairing';

// The config as seed 1's Dart: unified's Code tab renders its seed-1 fields through the same renderer.
export { renderSeedOneDart } from './dart-code';
