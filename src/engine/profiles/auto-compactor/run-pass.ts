import type { EventSink, PassSnapshot } from '../../run/events';
import type { EngineError, EnginePorts, Summarizer } from '../../run/ports';
import type { Message } from '../../transcript/model';
import type { AutoCompactorConfig } from './auto-compactor-config';
import { runRung, type Rung } from './attempt-ladder';
import { compactSession, type CompactSessionResult } from './compact-session';
import type { CompactionPrompts } from './default-prompts';
import type { AutoCompactorEstimator } from './estimate';
import { shouldCompact } from './gate';
import { localTrim } from './local-trim';
import { fireMemoryHook, type MemoryExtractionHook } from './memory-hook';
import { pinDropNotices, restoredSuffix, type PinnedOperativePayload } from './pinned-operative';
import { prepareCompaction } from './prepare-compaction';
import { applySummary, applyTrim, buildSnapshot, outputMessages, recordOf, type PassReport, type RunState } from './run-state';
import { cancelledError } from './transient';

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
}

/** How a pass ended: its snapshot, and whether the run is over (and how) or goes on. */
export interface PassOutcome {
  snapshot: PassSnapshot;
  isDone: boolean;
  success: boolean;
  isCancelled: boolean;
}

/** The request estimate of the list a request would carry (projection plus carrier). */
export function passTokens(context: PassContext, messages: readonly Message[]): number {
  return context.estimator.requestTokens(messages, context.system);
}

/** The seed's `_runPass` (§1.4): summarize through the rungs; if all fail, local trim; if nothing to trim, fail honestly. */
export async function runPass(context: PassContext, state: RunState, pass: number, currentOutput: Message[]): Promise<PassOutcome> {
  const { config, ports, onEvent } = context;
  const passStartMs = ports.clock.now();
  const tokensBefore = passTokens(context, currentOutput);
  onEvent({ type: 'pass-start', pass, tokensBefore });
  let attempts = 0;
  const notices = pinDropNotices(context.pinned);
  const finish = (report: Omit<PassReport, 'pass' | 'tokensBefore' | 'tokensAfter' | 'durationMs' | 'attempts' | 'notices'>, isDone: boolean, fitsDecides: boolean): PassOutcome => {
    const output = outputMessages(state, context.pinned, pass);
    for (const line of output.restored) notices.push(`pinned line restored by the carrier (missing from the window): "${line}"${restoredSuffix}`);
    const tokensAfter = report.ok ? passTokens(context, output.messages) : tokensBefore;
    const fits = !shouldCompact(tokensAfter, config.window, config);
    const snapshot = buildSnapshot(state, output.messages, { ...report, pass, tokensBefore, tokensAfter, attempts, notices, durationMs: ports.clock.now() - passStartMs });
    onEvent({ type: 'pass-end', snapshot });
    const success = report.ok && (fitsDecides ? fits : true);
    return { snapshot, isDone: isDone || (report.ok && fits), success, isCancelled: report.error?.code === 'cancelled' };
  };
  const preparation = prepareCompaction(state.messages, {
    keepRecentTokens: config.keepRecentTokens,
    messageTokens: context.estimator.messageTokens,
    recordOf: (message, index) => recordOf(state, message, index),
  });
  if (!preparation) return finish({ strategy: 'llm-summary', ok: true, extraFlags: ['no-work'] }, true, false);
  let error: EngineError | undefined;
  let previousLabel: string | undefined;
  for (const { rung, summarizer } of context.rungs) {
    if (previousLabel && error) onEvent({ type: 'fallback', pass, from: previousLabel, to: rung.label, reason: error.message });
    const outcome = await runRung<CompactSessionResult>(
      { pass, clock: ports.clock, runSignal: ports.signal, runStartMs: context.runStartMs, maxAttempts: config.maxAttempts, baseBackoffMs: config.baseBackoffMs, attemptBudgetMs: config.attemptBudgetMs, totalBudgetMs: config.totalBudgetMs, onEvent, onAttempt: () => (attempts += 1) },
      rung,
      (signal) => compactSession(preparation, { summarizer, role: rung.role, prompts: context.prompts, customInstructions: config.prompts.customInstructions, pinned: context.pinned, reserveTokens: config.reserveTokens, signal, onCall: context.onSummarizerCall }),
    );
    if (outcome.kind === 'cancelled') return finish({ strategy: 'llm-summary', ok: false, error: cancelledError }, true, false);
    if (outcome.kind === 'ok') {
      const summaryId = `auto-compactor-p${pass}-summary`;
      applySummary(state, summaryId, { summary: outcome.result.summary, fileOperations: outcome.result.fileOperations }, [...preparation.messagesToSummarize, ...preparation.turnPrefixMessages], preparation.kept);
      fireMemoryHook(context.memoryExtractionHook, preparation.messagesToSummarize);
      const fallback = rung === context.rungs[0].rung ? undefined : rung.role;
      const sanitizedNotices = outcome.result.sanitizedEphemeral.map((span) => `sanitizer stripped: ${span}`);
      notices.push(...sanitizedNotices);
      return finish({ strategy: 'llm-summary', ok: true, fallback, summary: outcome.result.summary }, false, true);
    }
    error = outcome.error;
    previousLabel = rung.label;
  }
  onEvent({ type: 'fallback', pass, from: previousLabel ?? 'summarizer', to: 'local-trim', reason: error?.message ?? 'every summarizer failed' });
  const trimmed = localTrim(state.messages, config.keepRecentTokens, context.estimator.messageTokens, ports.clock.now(), `auto-compactor-p${pass}`);
  if (!trimmed) return finish({ strategy: 'llm-summary', ok: false, error }, true, false);
  applyTrim(state, trimmed);
  return finish({ strategy: 'local-trim', ok: true, fallback: 'local-trim', droppedMessages: trimmed.droppedMessages }, true, true);
}
