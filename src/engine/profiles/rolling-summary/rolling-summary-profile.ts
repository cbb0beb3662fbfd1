import { describeConfigIssues } from '../../issues';
import type { PassSnapshot, RunResult } from '../../run/events';
import { cancelledError, type EngineError, type EngineErrorCode } from '../../run/errors';
import type { ProfileRunInput } from '../../run/profile';
import { summarizerNames } from '../../run/summarizer-ladder';
import { countMessageOnce } from '../../tokens/accounting';
import type { TokenCounter } from '../../tokens/token-counter';
import type { Message } from '../../transcript/model';
import { assembleCompactedTurns, priorStateSchema, type AssembleOutcome, type PriorState } from './assemble-compacted-turns';
import { groupHistoryIntoTurns } from './group-history-into-turns';
import { splitForOutput } from './kept-messages';
import { buildPassSnapshot, compactedFates, keptFates } from './pass-snapshot';
import { portSummarizer } from './port-summarizer';
import { rollingSummaryConfigSchema, type RollingSummaryConfig } from './rolling-summary-config';
import type { CompactionCostEvent } from './summarise-turns';
import { buildSummaryTurn } from './summary-turn';

/** The profile's id, as configs and the CLI name it. */
const rollingSummaryProfileId = 'rolling-summary';

/** A run's input plus the seed's `onCost`, fired once per summarizer call actually made. */
export interface RollingSummaryRunInput extends ProfileRunInput<RollingSummaryConfig> {
  onCost?: (event: CompactionCostEvent) => void;
}

/**
 * Runs seed 2 (spec §2.3) as one pass: groups the messages into turns, keeps the newest `keepVerbatim`, and puts one
 * summary message before them for all older turns, calling the main summarizer only on the bootstrap or when new turns
 * aged into an older region over `summariseAtTokens`. The rolling `{summary, coveredOlder}` comes in as `carryState`
 * and goes out in `RunResult.carryState`. A summarizer error fails the run (no retry, no fallback); `run-error` is
 * emitted only when the run fails before its pass (bad config or state, a missing summarizer or estimator).
 *
 * Where this differs from upstream (the full list, with the tests pinning each, is `upstream-deviations.ts`): the
 * default prompt is a paraphrase; tool traffic ADK keeps no message for rides with its position, and a tool pair never
 * straddles the cut (`kept-messages.ts`); errors and cancellation end the run instead of throwing; settings and
 * carried state are validated; the summary's id is made unique among the kept messages.
 */
export async function runRollingSummary(input: RollingSummaryRunInput): Promise<RunResult> {
  const { ports, onEvent } = input;
  const counter = ports.counter as TokenCounter | undefined;
  const countContext = (messages: readonly Message[]): number => {
    if (!counter) return 0;
    const all = input.system ? [input.system, ...messages] : messages;
    return all.reduce((sum, message) => sum + countMessageOnce(message, counter), 0);
  };
  const tokensBefore = countContext(input.messages);
  onEvent({ type: 'run-start', profile: rollingSummaryProfileId, tokensBefore, messageCount: input.messages.length, maxPasses: 1 });
  let priorState: PriorState | undefined;
  const finish = (outcome: Partial<RunResult> & { success: boolean }): RunResult => {
    const messages = outcome.messages ?? [...input.messages];
    const result: RunResult = {
      profile: rollingSummaryProfileId,
      cancelled: false,
      tokensBefore,
      tokensAfter: outcome.messages ? countContext(messages) : tokensBefore,
      passes: [],
      summarizerCalls: 0,
      carryState: priorState ?? { summary: null, coveredOlder: 0 },
      ...outcome,
      messages,
    };
    onEvent({ type: 'run-end', result });
    return result;
  };
  const failBeforePass = (error: EngineError): RunResult => {
    onEvent({ type: 'run-error', error });
    return finish({ success: false, error });
  };

  const config = rollingSummaryConfigSchema.safeParse(input.config ?? {});
  if (!config.success) return failBeforePass(invalidError('invalid-config', 'config', config.error));
  if (input.carryState !== undefined) {
    const parsedState = priorStateSchema.safeParse(input.carryState);
    if (!parsedState.success) return failBeforePass(invalidError('invalid-carry-state', 'carried priorState', parsedState.error));
    priorState = parsedState.data;
  }
  if (ports.signal?.aborted) return finish({ success: false, cancelled: true, error: cancelledError() });

  const signal = ports.signal ?? new AbortController().signal;
  const summarizer = ports.summarizers?.main;
  const counted = summarizer ? portSummarizer({ summarizer, clock: ports.clock, signal, onEvent, pass: 1, model: summarizerNames(ports.summarizers).main }) : undefined;
  let passStartedAt = ports.clock.now();
  const outcome = await assembleCompactedTurns(groupHistoryIntoTurns(input.messages), {
    summarize: counted?.summarize,
    estimateTokens: counter ? (text) => counter.count(text) : undefined,
    systemPrompt: config.data.systemPrompt,
    historyCharCap: config.data.historyCharCap,
    keepVerbatim: config.data.keepVerbatim,
    summariseAtTokens: config.data.summariseAtTokens,
    summaryMessageId: config.data.summaryMessageId,
    priorState,
    onCost: input.onCost,
    onPlan: (plan) => {
      const isCompacting = plan.olderTurns.length > 0;
      onEvent({ type: 'gate', shouldCompact: isCompacting, tokens: plan.olderTokens, threshold: config.data.summariseAtTokens, reason: plan.reason });
      passStartedAt = ports.clock.now();
      if (isCompacting) onEvent({ type: 'pass-start', pass: 1, tokensBefore });
    },
  });
  const summarizerCalls = counted?.callCount() ?? 0;
  if (!outcome.ok && !outcome.plan) return failBeforePass(outcome.error);
  const passOf = (snapshot: PassSnapshot): PassSnapshot => {
    onEvent({ type: 'pass-end', snapshot });
    return snapshot;
  };
  if (!outcome.ok) {
    const isCancelled = outcome.error.code === 'cancelled' && signal.aborted;
    const snapshot = passOf(buildPassSnapshot({
      pass: 1, tokensBefore, tokensAfter: tokensBefore, strategy: 'llm-summary', attempts: summarizerCalls, ok: false,
      error: outcome.error, messages: [...input.messages], fates: keptFates(input.messages), insertions: [],
      durationMs: ports.clock.now() - passStartedAt,
    }));
    return finish({ success: false, cancelled: isCancelled, error: outcome.error, passes: [snapshot], summarizerCalls });
  }
  const carryState: PriorState = { summary: outcome.summary, coveredOlder: outcome.coveredOlder };
  if (outcome.plan.olderTurns.length === 0) return finish({ success: true, summarizerCalls, carryState });
  const split = splitForOutput(outcome.plan.olderTurns, outcome.plan.recentTurns);
  const summaryMessage = placeSummary(outcome, split.kept);
  const messages = [summaryMessage, ...split.kept];
  const snapshot = passOf(buildPassSnapshot({
    pass: 1,
    tokensBefore,
    tokensAfter: countContext(messages),
    strategy: outcome.hasCalled ? 'llm-summary' : priorState?.summary != null ? 'prior-summary' : 'older-text',
    attempts: summarizerCalls,
    ok: true,
    messages,
    fates: compactedFates(split.summarized, split.kept, summaryMessage.id),
    insertions: [{ id: summaryMessage.id, kind: 'summary' }],
    durationMs: ports.clock.now() - passStartedAt,
    summary: outcome.turns[0].qa,
  }));
  return finish({ success: true, passes: [snapshot], summarizerCalls, messages, carryState });
}

/**
 * The summary message. Its id gets a `#n` suffix only if a kept message already has it: upstream would emit two
 * messages with one id, which the lab's fates cannot tell apart.
 */
function placeSummary(outcome: Extract<AssembleOutcome, { ok: true }>, keptMessages: readonly Message[]): Message {
  const takenIds = new Set(keptMessages.map((message) => message.id));
  const [summaryTurn] = outcome.turns;
  const requestedId = summaryTurn.messages[0].id;
  let id = requestedId;
  for (let suffix = 2; takenIds.has(id); suffix += 1) id = `${requestedId}#${suffix}`;
  return id === requestedId ? summaryTurn.messages[0] : buildSummaryTurn(summaryTurn.qa, id).messages[0];
}

function invalidError(code: EngineErrorCode, what: string, error: Parameters<typeof describeConfigIssues>[0]): EngineError {
  const issues = describeConfigIssues(error).map((issue) => `${issue.path}: ${issue.message}`);
  return { code, message: `Invalid ${what}: ${issues.join('; ')}`, isRetryable: false };
}
