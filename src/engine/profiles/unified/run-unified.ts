import { cancelledError } from '../../run/errors';
import type { PassSnapshot, RunResult } from '../../run/events';
import type { EngineError } from '../../run/ports';
import type { ProfileRunInput } from '../../run/profile';
import type { Message } from '../../transcript/model';
import { buildPinnedOperative, pinBudgetChars } from '../../pins/pinned-operative';
import { exactEstimator, gateThreshold, initialState, pinFramingOf, resolvePrompts, seedEstimator } from '../auto-compactor/parts';
import { inflationNotice, stallNotice } from './guards';
import { resolvedHardLimit, type UnifiedConfig } from './unified-config';
import { isOverGate, ladderRungs, unifiedProfileId, type UnifiedContext } from './unified-context';
import { requestTokens, runUnifiedPass } from './run-unified-pass';

/** Why the run stops after a pass (undefined: it goes on), and which messages it keeps. */
interface Verdict {
  success: boolean;
  messages: Message[];
  error?: EngineError;
}

function guardVerdict(context: UnifiedContext, snapshot: PassSnapshot, input: Message[], fits: boolean): Verdict | undefined {
  const { tokensBefore, tokensAfter, pass } = snapshot;
  if (snapshot.flags.includes('inflation')) {
    const inputFits = !isOverGate(context, tokensBefore);
    const error: EngineError = { code: 'inflation', message: inflationNotice(pass, tokensBefore, tokensAfter), isRetryable: false };
    return { success: inputFits, messages: input, error: inputFits ? undefined : error };
  }
  if (fits) return { success: true, messages: snapshot.messages };
  if (snapshot.flags.includes('no-work')) {
    return { success: false, messages: snapshot.messages, error: { code: 'no-work', message: `still over the gate after pass ${pass} and no stage had anything left to compact`, isRetryable: false } };
  }
  if (snapshot.flags.includes('stall')) {
    return { success: false, messages: snapshot.messages, error: { code: 'stall', message: stallNotice(pass, tokensBefore, tokensAfter, context.config.stallRatio), isRetryable: false } };
  }
  return undefined;
}

/**
 * The unified pipeline: seed 1's gate, then passes of microcompact → observation mask → summary ladder → tier 2 →
 * local trim until the context fits, with two guards none of the seeds has — a pass that inflates the context or
 * saves under `stallRatio` stops the run and says so — and the summarizer's input fitted to its own context window (summarizerWindowTokens).
 */
export async function runUnified(input: ProfileRunInput<UnifiedConfig>): Promise<RunResult> {
  const { config, ports, onEvent } = input;
  const estimator = config.estimator === 'exact' ? exactEstimator(ports.counter) : seedEstimator();
  const prompts = resolvePrompts(config.prompts);
  const pinned = buildPinnedOperative(config.operativeSkills, pinBudgetChars, 'lab', pinFramingOf(prompts));
  const context: UnifiedContext = {
    config,
    ports,
    estimator,
    prompts,
    pinned,
    pins: pinned?.lines ?? new Set(),
    system: input.system,
    onEvent,
    runStartMs: ports.clock.now(),
    rungs: ladderRungs(ports),
    hardLimitTokens: resolvedHardLimit(config),
    summarizerCalls: 0,
  };
  const tokensBefore = requestTokens(context, input.messages);
  const passes: PassSnapshot[] = [];
  let messages: Message[] = [...input.messages];
  let tokensAfter = tokensBefore;
  const finish = (success: boolean, cancelled: boolean, error?: EngineError): RunResult => {
    const result: RunResult = { profile: unifiedProfileId, success, cancelled, tokensBefore, tokensAfter, passes, summarizerCalls: context.summarizerCalls, messages, error };
    onEvent({ type: 'run-end', result });
    return result;
  };
  onEvent({ type: 'run-start', profile: unifiedProfileId, tokensBefore, messageCount: input.messages.length, maxPasses: config.maxPasses });
  const threshold = gateThreshold(config.window, config);
  if (config.window <= 0) {
    onEvent({ type: 'gate', shouldCompact: false, tokens: tokensBefore, threshold, reason: 'window <= 0: nothing to compact against' });
    return finish(true, false);
  }
  const isOver = isOverGate(context, tokensBefore);
  const reason = config.force ? 'force: the gate is skipped' : isOver ? `tokens ${tokensBefore} > threshold ${threshold}` : `tokens ${tokensBefore} <= threshold ${threshold}`;
  onEvent({ type: 'gate', shouldCompact: config.force || isOver, tokens: tokensBefore, threshold, reason });
  if (!config.force && !isOver) return finish(true, false);
  if (ports.signal?.aborted) return finish(false, true, cancelledError());
  const state = initialState(input.messages);
  for (let pass = 1; pass <= config.maxPasses; pass++) {
    const outcome = await runUnifiedPass(context, state, pass, messages);
    const { snapshot } = outcome;
    passes.push(snapshot);
    if (outcome.isCancelled) return finish(false, true, cancelledError());
    const verdict = guardVerdict(context, snapshot, messages, outcome.fits);
    messages = verdict?.messages ?? snapshot.messages;
    tokensAfter = messages === snapshot.messages ? snapshot.tokensAfter : snapshot.tokensBefore;
    if (verdict) return finish(verdict.success, false, verdict.error);
  }
  return finish(false, false, { code: 'max-passes', message: `still over the gate after ${config.maxPasses} passes`, isRetryable: false });
}
