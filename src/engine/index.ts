/**
 * The engine's one import surface for other layers (DESIGN §3): everything they use that loads no profile code, so the
 * page may import it (state, features, app). Its parts are also entries of their own: `engine/transcript`,
 * `engine/config` and `engine/profiles/meta`. What runs profile code is in `engine/headless`. Code outside the
 * engine imports these entries, never a file deeper in; code inside the engine never imports an entry. Generated
 * from what the rest of the house imports, so nothing here is unused.
 */
export * from './config';
export * from './profiles/meta';
export * from './transcript';
export { compareVariants, type AbCell, type AbMetricKind, type AbMetricRow, type AbRun, type AbVariantStats } from './compare/ab-compare';
export { exportAnthropic } from './formats/export/export-anthropic';
export { exportOpenAiChat } from './formats/export/export-openai-chat';
export { MAX_INPUT_BYTES } from './formats/import-limits';
export type { ImportIssue, ImportReport, ImportResult, SourceLocation } from './formats/import-report';
export { importText } from './formats/import-text';
export type { ConfigIssue, SettingsProblem } from './issues';
export { planProbes } from './probes/plan-probes';
export { perKindLimits, probeKinds, type Probe, type ProbeGrade, type ProbeKind, type ProbeOptions, type ProbePlan, type ProbeQuestionSource, type ProbeReport, type ProbeStep } from './probes/probe-model';
export { runProbes } from './probes/run-probes';
export { pinCandidates, type PinCandidate } from './pins/pin-candidates';
export { isJsonObject } from './json-value';
export { codeLanguages } from './profiles/code/code-language';
export type { ProfileLimits } from './profiles/profile-limits';
export type { KeyParameter, ProfilePreset, WhatIfField } from './profiles/profile-meta';
export { describeThrown } from './profiles/two-tier/failure';
export { testsLabel } from './profiles/upstream-deviation';
export { upstreamMarkers, withUpstreamDifferences } from './profiles/upstream-markdown';
export { canShowCost, costSeries, type CostSeries } from './retention/cost-points';
export { extractFacts } from './retention/extract-facts';
export { factCategories, type CategoryRetention, type Fact, type FactCategory, type LossFlag, type PassRetention, type RetentionReport } from './retention/facts';
export { measureRetention } from './retention/measure-retention';
export { neededFacts, type NeededFact } from './retention/need-weighted';
export type { CallbackRunner } from './run/callback-runner';
export { runOutcome, type OutcomeFlag, type RunContext } from './run/context-outcome';
export { engineError, type EngineError, type EngineErrorCode } from './run/errors';
export type { CompactionEvent, PassSnapshot, RunResult } from './run/events';
export { failedRunResult } from './run/failed-run';
export { createRunMeasurer } from './run/measure-run';
export type { Clock, EnginePorts, SummarizeRequest, SummarizeResult, Summarizer, SummarizerRole } from './run/ports';
export { runProfile } from './run/run-profile';
export type { Spread } from './statistics/spread';
export { toHarnValue, type HarnValue } from './strategies/harn-value';
export { readMaskOverrides } from './strategies/observation-mask';
export { countMessageTokens, countTranscript, type TranscriptTokenCount } from './tokens/accounting';
export { basisName, contentFigure, contextBasis, contextFigure, type ContextBasis, type ContextFigure } from './tokens/context-basis';
export { estimateTokens } from './tokens/estimate';
export { loggedCalls } from './tokens/logged-calls';
export { countMessageBatches, countMessagesInBatches } from './tokens/message-batches';
export { messageImageTokens, messageText } from './tokens/message-text';
export { breakdownMessages, insertionKindsById } from './tokens/pass-breakdown';
export { TokenCache } from './tokens/token-cache';
export { encodingNames, type EncodingName, type TokenCounter } from './tokens/token-counter';
export { tokenKinds, type TokenKind } from './tokens/token-kinds';
export { fitLoggedUsage, type UsageFit } from './tokens/usage-fit';
export { agentCompactions, type AgentCompaction } from './versus/agent-compactions';
export { agentSummaryTokens, compareWithAgent, type VersusReport, type VersusSide } from './versus/compare-with-agent';
export { cutAtCompaction, type CompactionCut } from './versus/cut-at-compaction';
export type { GateBasis, ReplayCompaction, ReplayProgress, ReplayReport, ReplayRetention } from './replay/replay-model';
