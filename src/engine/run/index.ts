/** The run contract: ports, events, errors as data, outcomes, and `runProfile`, which runs any profile module. */
export type { CallbackRunner } from './callback-runner';
export { runOutcome, type OutcomeFlag, type RunContext } from './context-outcome';
export { flaggedOutcome, isFailingFlag, outcomeFlagTitles } from './outcome-headline';
export { historyWipedWords, replacedNothingWords } from './outcome-words';
export { describeThrown, engineError, type EngineError, type EngineErrorCode } from './errors';
export type { CompactionEvent, PassSnapshot, RunResult } from './events';
export { failedRunResult } from './failed-run';
export { createRunMeasurer } from './measure-run';
export type { Clock, EnginePorts, SummarizeRequest, SummarizeResult, Summarizer, SummarizerRole } from './ports';
export { runProfile } from './run-profile';
export { savedUnderStallRatio, stallRatio } from './stall-rule';
