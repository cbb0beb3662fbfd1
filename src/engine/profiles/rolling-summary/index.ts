/** Seed 2, NHTIO/ADK `assembleCompactedTurns`: a rolling summary of all but the last turns. */
export { rollingSummaryProfile, rollingSummaryProfileId, runRollingSummary, type RollingSummaryRunInput } from './rolling-summary-profile';
export { rollingSummaryConfigSchema, rollingSummaryDefaults, defaultSummaryMessageId, type RollingSummaryConfig } from './rolling-summary-config';
export { compactionSystemPrompt } from './compaction-system-prompt';
export { priorStateSchema, type PriorState } from './assemble-compacted-turns';
export type { CompactionCostEvent } from './summarise-turns';
