import type { PassSnapshot, RunResult } from '../../run/events';
import { lintToolPairs } from '../../run/pair-lint';
import type { EngineError } from '../../run/ports';
import type { ProfileRunInput } from '../../run/profile';
import { toHarnMessage, type HarnMessage } from '../../strategies/harn-message';
import { messageText } from '../../tokens/message-text';
import type { Message } from '../../transcript/model';
import { carriedCallbacks, type TwoTierConfig } from './config';
import { baseFates, compactPass, strategyLabel, type PassOutcome } from './compact-pass';
import { harnEstimator, systemTokens } from './estimate';
import { cancelledFailure, failure, isTwoTierFailure, raceAbort, type TwoTierFailure } from './failure';
import { decideGate } from './gate';
import { manualConfigProblem, resolveTwoTierSettings } from './lowering';
import { manualModeIgnores, manualModeNotice } from './manual-mode';
import { microcompactMessages, type CompressOutput, type MicrocompactOutcome } from './microcompact-pass';

const profileId = 'two-tier';

/**
 * Runs seed 3 once (it has one compaction per trigger): microcompact oversized tool outputs (automatic triggers with
 * compaction on only, as at harn's tool dispatch), gate, then split, tier 1, tier 2 and placement. A manual run says
 * in its gate reason and pass notices which set fields `transcript_compact` ignores. Emits run-start, gate, pass-start, attempt events, fallback, pass-end, run-end.
 * A config carrying callbacks runs only with the user's consent; otherwise the run fails with
 * `callbacks-need-consent` before anything runs, so no result silently differs from what the config describes.
 */
export async function runTwoTier(input: ProfileRunInput<TwoTierConfig>): Promise<RunResult> {
  const { config, ports, onEvent } = input;
  const settings = resolveTwoTierSettings(config);
  const estimate = harnEstimator(config.tokenEstimator, ports.counter);
  const countsSystem = config.trigger === 'preflight' || config.trigger === 'post-turn';
  const systemPart = countsSystem && input.system ? systemTokens(config.tokenEstimator, ports.counter, messageText(input.system)) : 0;
  const contextTokens = (harn: readonly HarnMessage[]): number => estimate(harn) + systemPart;
  const tokensBefore = contextTokens(input.messages.map(toHarnMessage));
  const calls = { count: 0 };
  const passes: PassSnapshot[] = [];
  onEvent({ type: 'run-start', profile: profileId, tokensBefore, messageCount: input.messages.length, maxPasses: 1 });

  const finish = (messages: readonly Message[], tokensAfter: number, problem?: TwoTierFailure): RunResult => {
    const isCancelled = problem?.error.code === 'cancelled';
    if (problem && !isCancelled) onEvent({ type: 'run-error', error: problem.error });
    const result: RunResult = {
      profile: profileId,
      success: !problem,
      cancelled: isCancelled,
      tokensBefore,
      tokensAfter,
      passes,
      summarizerCalls: calls.count,
      messages: [...messages],
      error: problem?.error,
    };
    onEvent({ type: 'run-end', result });
    return result;
  };

  // Deviation (upstream-deviations.ts): harn asks no one before running a callback.
  const callbackFields = carriedCallbacks(config);
  if (callbackFields.length > 0 && !ports.hasUserConsent) {
    return finish(input.messages, tokensBefore, failure('callbacks-need-consent', `The config carries JavaScript callbacks (${callbackFields.join(', ')}); they run only after the user consents.`));
  }
  const manualProblem = manualConfigProblem(config, settings);
  if (manualProblem) return finish(input.messages, tokensBefore, failure('invalid-config', manualProblem));
  if (ports.signal?.aborted) return finish(input.messages, tokensBefore, cancelledFailure);

  const passStartMs = ports.clock.now();
  let micro: MicrocompactOutcome = { messages: [...input.messages], changed: new Map() };
  // Deviation (upstream-deviations.ts): harn cuts an output once at tool dispatch; a replay cuts them all here first.
  if (settings.microcompacts) {
    try {
      micro = await microcompactMessages(input.messages, config.toolOutputMaxChars, compressWith(input));
    } catch (thrown) {
      return finish(input.messages, tokensBefore, asFailure(thrown));
    }
  }
  const harn = micro.messages.map(toHarnMessage);
  const gateTokens = contextTokens(harn);
  const gate = decideGate(config, settings, gateTokens);
  const manualNotice = manualModeNotice(manualModeIgnores(config, input.messages));
  const reason = manualNotice ? `${gate.reason}. ${manualNotice}` : gate.reason;
  onEvent({ type: 'gate', shouldCompact: gate.shouldCompact, tokens: gateTokens, threshold: settings.tokenThreshold, reason });
  if (!gate.shouldCompact && micro.changed.size === 0) return finish(input.messages, tokensBefore);

  onEvent({ type: 'pass-start', pass: 1, tokensBefore });
  const context = { config, maskCallback: settings.maskCallback, ports, onEvent, callbacks: ports.callbacks, pass: 1, calls };
  let outcome: PassOutcome;
  let problem: TwoTierFailure | undefined;
  try {
    outcome = gate.shouldCompact
      ? await compactPass(context, settings, input.messages, micro, harn, estimate)
      : { messages: micro.messages, fates: baseFates(input.messages, micro), insertions: [], strategy: 'microcompact', flags: [] };
  } catch (thrown) {
    problem = asFailure(thrown);
    if (problem.error.code === 'cancelled') return finish(input.messages, tokensBefore, problem);
    outcome = { messages: micro.messages, fates: baseFates(input.messages, micro), insertions: [], strategy: strategyLabel(settings.compactStrategy), flags: [] };
  }
  const tokensAfter = contextTokens(outcome.messages.map(toHarnMessage));
  const snapshot: PassSnapshot = {
    pass: 1,
    tokensBefore,
    tokensAfter,
    strategy: outcome.strategy,
    attempts: calls.count,
    fallback: outcome.fallback,
    ok: !problem,
    error: problem?.error,
    messages: outcome.messages,
    fates: outcome.fates,
    insertions: outcome.insertions,
    lint: lintToolPairs(outcome.messages),
    flags: tokensAfter > tokensBefore ? [...outcome.flags, 'inflation'] : outcome.flags,
    durationMs: ports.clock.now() - passStartMs,
    summary: outcome.summary,
    ...(manualNotice ? { notices: [manualNotice] } : {}),
  };
  passes.push(snapshot);
  onEvent({ type: 'pass-end', snapshot });
  return finish(outcome.messages, tokensAfter, problem);
}

/**
 * The compress callback as the microcompaction pass calls it: a non-empty string wins, anything else falls back (none
 * without a callback). The replay's gate cuts tool outputs with it as they join the context.
 */
export function compressWith(input: Pick<ProfileRunInput<TwoTierConfig>, 'config' | 'ports'>): CompressOutput | undefined {
  const source = input.config.compressCallback;
  const runner = input.ports.callbacks;
  if (!source) return undefined;
  return async (request) => {
    if (!runner) throw failure('missing-callback-runner', 'The config carries compressCallback, but no callback runner was given.');
    try {
      const result = await raceAbort(runner.runCompress(source, request), input.ports.signal);
      return typeof result === 'string' && result.length > 0 ? result : undefined;
    } catch (thrown) {
      // A failing compress callback falls back to the heuristic (spec §3.3); only an abort stops the run.
      if (isTwoTierFailure(thrown)) throw thrown;
      return undefined;
    }
  };
}

function asFailure(thrown: unknown): TwoTierFailure {
  if (isTwoTierFailure(thrown)) return thrown;
  const error: EngineError = { code: 'internal', message: thrown instanceof Error ? thrown.message : String(thrown), isRetryable: false };
  return { kind: 'two-tier-failure', error };
}
