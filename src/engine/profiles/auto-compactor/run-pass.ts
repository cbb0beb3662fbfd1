import type { EventSink, PassSnapshot } from '../../run/events';
import type { EngineError, EnginePorts, Summarizer } from '../../run/ports';
import type { Message } from '../../transcript/model';
import { pinDropNotices, restoredSuffix, type PinnedOperativePayload } from '../../pins/pinned-operative';
import type { AutoCompactorConfig } from './auto-compactor-config';
import { runRung, type Rung } from './attempt-ladder';
import { compactSession, type CompactSessionResult } from './compact-session';
import type { CompactionPrompts } from './default-prompts';
import type { AutoCompactorEstimator } from './estimate';
import { shouldCompact } from './gate';
import { localTrim } from './local-trim';
import { fireMemoryHook, type MemoryExtractionHook } from './memory-hook';
import { prepareCompaction } from './prepare-compaction';
import { applyRepair, applySummary, applyTrim, buildSnapshot, outputMessages, recordOf, type PassReport, type RunState } from './run-state';
import { repairToolPairingSeed } from './tool-pairing';
import { cancelledError } from '../../run/errors';

/** Everything a pass needs that does not change between passes. */
export interface PassContext {
  config: AutoCompactorConfig;
  prompts: CompactionPrompts;
  ports: EnginePorts;
  estimator: AutoCompactorEstimator;
  pinned: PinnedOperativePayload | null;
  system?: Message;
  onEvent: EventSink;
  runStartMs: number;
  memoryExtractionHook?: MemoryExtractionHook;
  /** Rungs in order: smol then main, or main alone (no smol, or smol is the same model). */
  rungs: { rung: Rung; summarizer: Summarizer }[];
  onSummarizerCall(): void;
  /** Prefix of every message id the run inserts (`auto-compactor`, or `auto-compactor-r2`… when the input already holds ours). */
  idPrefix: string;
}

/** How a pass ended: its snapshot, and whether the run is over (and how) or goes on. */
export interface PassOutcome {
  snapshot: PassSnapshot;
  isDone: boolean;
  success: boolean;
  isCancelled: boolean;
}

/**
 * What the gate sees (the seed's `_requestTokens`): the request estimate of the projected list — without the pinned
 * carrier, which the seed adds only when it assembles a provider request, so its own estimate never counts it.
 */
function passTokens(context: PassContext, state: RunState): number {
  return context.estimator.requestTokens(state.messages, context.system);
}

/**
 * The seed's `_runPass` (§1.4): summarize through the rungs; if all fail, local trim; if nothing to trim, fail honestly.
 * `isCompactedAtLeaf` says the input holds nothing new since the last compaction: the attempt finds no work (no call).
 */
export async function runPass(context: PassContext, state: RunState, pass: number, isCompactedAtLeaf = false): Promise<PassOutcome> {
  const { config, ports, onEvent } = context;
  const passStartMs = ports.clock.now();
  const tokensBefore = passTokens(context, state);
  onEvent({ type: 'pass-start', pass, tokensBefore });
  let attempts = 0;
  const notices = pinDropNotices(context.pinned);
  const finish = (report: Omit<PassReport, 'pass' | 'tokensBefore' | 'tokensAfter' | 'durationMs' | 'attempts' | 'notices'>, isDone: boolean, fitsDecides: boolean): PassOutcome => {
    const output = outputMessages(state, context.pinned, pass, context.idPrefix);
    for (const line of output.restored) notices.push(`pinned line restored by the carrier (missing from the window): "${line}"${restoredSuffix}`);
    const tokensAfter = report.ok ? passTokens(context, state) : tokensBefore;
    const fits = !shouldCompact(tokensAfter, config.window, config);
    const snapshot = buildSnapshot(state, output.messages, { ...report, pass, tokensBefore, tokensAfter, attempts, notices, durationMs: ports.clock.now() - passStartMs });
    onEvent({ type: 'pass-end', snapshot });
    const success = report.ok && (fitsDecides ? fits : true);
    return { snapshot, isDone: isDone || (report.ok && fits), success, isCancelled: report.error?.code === 'cancelled' };
  };
  const preparation = isCompactedAtLeaf ? null : prepareCompaction(state.messages, {
    keepRecentTokens: config.keepRecentTokens,
    // The seed's cut by default; the lab extension when set (upstream-deviations: the oversized tail option).
    oversizedTail: config.oversizedTail,
    messageTokens: context.estimator.messageTokens,
    recordOf: (message, index) => recordOf(state, message, index),
  });
  let error: EngineError | undefined;
  let previousLabel: string | undefined;
  for (const { rung, summarizer } of context.rungs) {
    if (previousLabel && error) onEvent({ type: 'fallback', pass, from: previousLabel, to: rung.label, reason: error.message });
    // As in the seed, "no work" is what an attempt finds (compactSession returns no record): the attempt starts, the
    // total budget is checked first, and no summarizer is called.
    const outcome = await runRung<CompactSessionResult | null>(
      { pass, clock: ports.clock, runSignal: ports.signal, runStartMs: context.runStartMs, maxAttempts: config.maxAttempts, baseBackoffMs: config.baseBackoffMs, attemptBudgetMs: config.attemptBudgetMs, totalBudgetMs: config.totalBudgetMs, onEvent, onAttempt: () => (attempts += 1) },
      rung,
      // No reserveTokens: the seed sends no output cap (compaction.dart leaves pi's clamp to the adapter).
      (signal) => (preparation ? compactSession(preparation, { summarizer, role: rung.role, prompts: context.prompts, customInstructions: config.prompts.customInstructions, pinned: context.pinned, signal, onCall: context.onSummarizerCall }) : Promise.resolve(null)),
    );
    if (outcome.kind === 'cancelled') return finish({ strategy: 'llm-summary', ok: false, error: cancelledError() }, true, false);
    const fallback = rung === context.rungs[0].rung ? undefined : rung.role;
    if (outcome.kind === 'ok') {
      const { result } = outcome;
      if (result === null || !preparation) return finish({ strategy: 'llm-summary', ok: true, fallback, extraFlags: ['no-work'] }, true, false);
      const summaryId = `${context.idPrefix}-p${pass}-summary`;
      applySummary(state, summaryId, { summary: result.summary, fileOperations: result.fileOperations }, [...preparation.messagesToSummarize, ...preparation.turnPrefixMessages], preparation.kept);
      // The output is the next request, which upstream sends through repairToolPairing (agent_loop.dart
      // _buildRequestContext). A cut only breaks pairs the input held out of order — a result recorded before its call is
      // summarized while the call is kept — and that call then gets the seed's synthetic result (upstream-deviations:
      // a summary pass shows the request-boundary pair repair).
      applyRepair(state, repairToolPairingSeed(state.messages, `${context.idPrefix}-p${pass}`));
      fireMemoryHook(context.memoryExtractionHook, preparation.messagesToSummarize);
      notices.push(...result.sanitizedEphemeral.map((span) => `sanitizer stripped: ${span}`));
      return finish({ strategy: 'llm-summary', ok: true, fallback, summary: result.summary }, false, true);
    }
    error = outcome.error;
    previousLabel = rung.label;
  }
  onEvent({ type: 'fallback', pass, from: previousLabel ?? 'summarizer', to: 'local-trim', reason: error?.message ?? 'every summarizer failed' });
  const trimmed = localTrim(state.messages, config.keepRecentTokens, context.estimator.messageTokens, ports.clock.now(), `${context.idPrefix}-p${pass}`, {
    repair: repairToolPairingSeed,
    isNullWhenNothingKept: true,
    // The real reason, where the seed's marker always says the endpoint was unavailable (upstream-deviations).
    reason: `the summarizer failed: ${error?.message ?? 'no summarizer was given'}`,
    template: config.prompts.trimMarker,
  });
  if (!trimmed) return finish({ strategy: 'llm-summary', ok: false, error }, true, false);
  applyTrim(state, trimmed);
  return finish({ strategy: 'local-trim', ok: true, fallback: 'local-trim', droppedMessages: trimmed.droppedMessages }, true, true);
}
