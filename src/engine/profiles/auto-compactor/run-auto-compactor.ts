import type { PassSnapshot, RunResult } from '../../run/events';
import type { EngineError } from '../../run/ports';
import type { ProfileRunInput } from '../../run/profile';
import { summarizerLadder } from '../../run/summarizer-ladder';
import type { Message } from '../../transcript/model';
import { buildPinnedOperative, pinBudgetChars } from '../../pins/pinned-operative';
import type { AutoCompactorConfig } from './auto-compactor-config';
import { autoCompactorCarrySchema, carriedRecord, isCompactedAtLeaf, withoutCarriedCarriers, type AutoCompactorCarry } from './carry-state';
import { exactEstimator, seedEstimator } from './estimate';
import { gateThreshold, shouldCompact } from './gate';
import type { MemoryExtractionHook } from './memory-hook';
import { pinFramingOf, resolvePrompts } from './prompt-assembly';
import { runPass, type PassContext } from './run-pass';
import { initialState, type RunState } from './run-state';

/** The profile's id. */
const autoCompactorProfileId = 'auto-compactor';

/** The run input of this profile: the common input plus the seed's optional memory-extraction hook (a function, not config). */
export interface AutoCompactorRunInput extends ProfileRunInput<AutoCompactorConfig> {
  memoryExtractionHook?: MemoryExtractionHook;
}

/** Which rungs run: smol then main only when smol is a different model; otherwise main alone (§1.4 step 4). */
function ladderRungs(input: AutoCompactorRunInput): PassContext['rungs'] | EngineError {
  const { summarizers } = input.ports;
  if (!summarizers.main) return { code: 'missing-summarizer', message: 'auto-compactor needs a main summarizer (ports.summarizers.main).', isRetryable: false };
  return summarizerLadder(summarizers).map(({ role, name, summarizer }) => ({ rung: { role, label: `${role}=${name}`, model: name }, summarizer }));
}

/** An id prefix no input message uses, so a run over an earlier run's output never reuses one of its ids. */
function freshIdPrefix(messages: readonly Message[]): string {
  const taken = (prefix: string): boolean => messages.some((message) => message.id.startsWith(`${prefix}-p`));
  let prefix = autoCompactorProfileId;
  for (let run = 2; taken(prefix); run++) prefix = `${autoCompactorProfileId}-r${run}`;
  return prefix;
}

/** Takes an earlier run's pinned carriers out of the list; their fate says why (the carrier is rebuilt for this request). */
function dropCarriedCarriers(state: RunState, conversation: readonly Message[]): void {
  if (conversation.length === state.messages.length) return;
  const kept = new Set(conversation.map((message) => message.id));
  for (const message of state.messages) {
    if (!kept.has(message.id)) state.fates.set(message.id, { kind: 'dropped', reason: 'an earlier run’s pinned-lines message: rebuilt for this request, never conversation' });
  }
  state.messages = [...conversation];
}

/** The state to hand the next run: the newest compaction this run wrote, else the input's own while it still applies. */
function carryOut(state: RunState, summaryId: string | undefined, output: readonly Message[], carried: AutoCompactorCarry | undefined, isUnchanged: boolean): AutoCompactorCarry | undefined {
  if (summaryId !== undefined) {
    const record = state.records.get(summaryId);
    if (record) {
      const carrierIds = output.filter((message) => state.insertedKinds.get(message.id) === 'pinned-carrier').map((message) => message.id);
      const leafIds = output.filter((message) => !carrierIds.includes(message.id)).map((message) => message.id);
      return { compaction: { summaryId, summary: record.summary, ...record.fileOperations }, leafIds, carrierIds };
    }
  }
  if (!carried) return undefined;
  // Messages arrived after the carried compaction (or a trim changed the list): its record stays, the leaf does not.
  return isUnchanged ? carried : { ...carried, leafIds: null };
}

/**
 * The seed's `AutoCompactor.run()` (§1.4): the gate (skipped by `force`), then passes until the context fits, a pass
 * says there is no work, a local trim ran, every rung failed, or `maxPasses` is spent. A user abort ends the run at
 * once as cancelled, without a local trim. An input that holds nothing new since the last compaction (the carried
 * state says so) is one no-work pass without a call, as the seed's `prepareCompaction` returns null on a compaction
 * leaf; later passes of one run re-summarize their own output until it fits (see the upstream deviations).
 */
export async function runAutoCompactor(input: AutoCompactorRunInput): Promise<RunResult> {
  const { config, ports, onEvent } = input;
  const estimator = config.estimator === 'exact' ? exactEstimator(ports.counter) : seedEstimator();
  const parsedCarry = input.carryState === undefined ? undefined : autoCompactorCarrySchema.safeParse(input.carryState);
  const carried = parsedCarry?.success ? parsedCarry.data : undefined;
  const conversation = withoutCarriedCarriers(input.messages, carried);
  const tokensBefore = estimator.requestTokens(conversation, input.system);
  const passes: PassSnapshot[] = [];
  let summarizerCalls = 0;
  let messages: Message[] = [...input.messages];
  let carryState: AutoCompactorCarry | undefined = carried && !isCompactedAtLeaf(conversation, carried) ? { ...carried, leafIds: null } : carried;
  const finish = (success: boolean, cancelled: boolean, error?: EngineError): RunResult => {
    const result: RunResult = {
      profile: autoCompactorProfileId,
      success,
      cancelled,
      tokensBefore,
      tokensAfter: passes.length > 0 ? passes[passes.length - 1].tokensAfter : tokensBefore,
      passes,
      summarizerCalls,
      messages,
      error,
      carryState,
    };
    onEvent({ type: 'run-end', result });
    return result;
  };
  onEvent({ type: 'run-start', profile: autoCompactorProfileId, tokensBefore, messageCount: input.messages.length, maxPasses: config.maxPasses });
  if (parsedCarry && !parsedCarry.success) {
    const error: EngineError = { code: 'invalid-carry-state', message: `The carried state is not an auto-compactor state: ${parsedCarry.error.issues[0]?.message ?? 'unreadable'}`, isRetryable: false };
    carryState = undefined;
    onEvent({ type: 'run-error', error });
    return finish(false, false, error);
  }
  const threshold = gateThreshold(config.window, config);
  if (config.window <= 0) {
    onEvent({ type: 'gate', shouldCompact: false, tokens: tokensBefore, threshold, reason: 'window <= 0: nothing to compact against' });
    return finish(true, false);
  }
  const isOver = shouldCompact(tokensBefore, config.window, config);
  const reason = config.force ? 'force: the gate is skipped' : isOver ? `tokens ${tokensBefore} > threshold ${threshold}` : `tokens ${tokensBefore} <= threshold ${threshold}`;
  onEvent({ type: 'gate', shouldCompact: config.force || isOver, tokens: tokensBefore, threshold, reason });
  if (!config.force && !isOver) return finish(true, false);
  if (ports.signal?.aborted) return finish(false, true);
  const rungs = ladderRungs(input);
  if (!Array.isArray(rungs)) {
    onEvent({ type: 'run-error', error: rungs });
    return finish(false, false, rungs);
  }
  const prompts = resolvePrompts(config.prompts);
  const pinned = buildPinnedOperative(config.operativeSkills, pinBudgetChars, 'seed', pinFramingOf(prompts));
  const context: PassContext = {
    config,
    prompts,
    ports,
    estimator,
    pinned,
    system: input.system,
    onEvent,
    runStartMs: ports.clock.now(),
    memoryExtractionHook: input.memoryExtractionHook,
    rungs,
    onSummarizerCall: () => (summarizerCalls += 1),
    idPrefix: freshIdPrefix(input.messages),
  };
  const state = initialState(input.messages);
  if (carried) {
    state.carriedRecords = new Map([[carried.compaction.summaryId, carriedRecord(carried)]]);
    dropCarriedCarriers(state, conversation);
  }
  const isInputCompacted = isCompactedAtLeaf(conversation, carried);
  let lastSummaryId: string | undefined;
  const settle = (snapshot: PassSnapshot): void => {
    passes.push(snapshot);
    messages = snapshot.messages;
    if (snapshot.ok && snapshot.strategy === 'llm-summary' && snapshot.summary !== undefined) lastSummaryId = `${context.idPrefix}-p${snapshot.pass}-summary`;
    const isUnchanged = passes.every((pass) => pass.flags.includes('no-work'));
    carryState = carryOut(state, lastSummaryId, messages, carried, isUnchanged);
  };
  for (let pass = 1; pass <= config.maxPasses; pass++) {
    // Only the input is checked for a compacted leaf. Upstream re-reads the session each pass and so sees its own new
    // record as the leaf at pass 2 (one summary per run); we keep the documented multi-pass contract (upstream-deviations).
    const outcome = await runPass(context, state, pass, pass === 1 && isInputCompacted);
    settle(outcome.snapshot);
    if (outcome.isCancelled) return finish(false, true, outcome.snapshot.error);
    if (outcome.isDone) return finish(outcome.success, false, outcome.snapshot.ok ? undefined : outcome.snapshot.error);
  }
  return finish(false, false, { code: 'max-passes', message: `still over the gate after ${config.maxPasses} passes`, isRetryable: false });
}
