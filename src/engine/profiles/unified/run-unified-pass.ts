import { cancelledError } from '../../run/errors';
import type { PassFlag, PassSnapshot } from '../../run/events';
import type { Message } from '../../transcript/model';
import { pinDropNotices, restoredSuffix } from '../../pins/pinned-operative';
import { applyTrim, buildSnapshot, localTrim, outputMessages, repairToolPairingSeed, type RunState } from '../auto-compactor/parts';
import { microcompactStage, observationMaskStage } from './in-place-stages';
import { inflationNotice, isStall, stallNotice } from './guards';
import { applyInPlace, repairState } from './state-updates';
import { summaryStage } from './summary-stage';
import { tier2Stage } from './tier2-stage';
import { isOverGate, unifiedProfileId, type PassLedger, type UnifiedContext } from './unified-context';

/** How a pass ended, for the run: the snapshot and what the guards concluded. */
export interface UnifiedPassOutcome {
  snapshot: PassSnapshot;
  isCancelled: boolean;
  /** The output is under the gate. */
  fits: boolean;
}

/** The request estimate of a list (the system prompt included). */
export function requestTokens(context: UnifiedContext, messages: readonly Message[]): number {
  return context.estimator.requestTokens(messages, context.system);
}

function currentOutput(context: UnifiedContext, state: RunState, pass: number): { messages: Message[]; restored: string[] } {
  return outputMessages(state, context.pinned, pass, unifiedProfileId);
}

/**
 * One pass of the pipeline: microcompact → observation mask → summary (smol → main → truncate) → tool-pair repair →
 * tier 2 past the hard limit → local trim when the pass could not summarize. Each stage after microcompaction runs
 * only while the context is over the gate (or on a forced first pass). The snapshot flags inflation, and a stall
 * when the pass leaves the context over the gate having saved less than `stallRatio` of it.
 */
export async function runUnifiedPass(context: UnifiedContext, state: RunState, pass: number, input: readonly Message[]): Promise<UnifiedPassOutcome> {
  const { config, ports, onEvent } = context;
  const startMs = ports.clock.now();
  const tokensBefore = requestTokens(context, input);
  onEvent({ type: 'pass-start', pass, tokensBefore });
  const ledger: PassLedger = { pass, attempts: 0, notices: pinDropNotices(context.pinned) };
  const strategies: string[] = [];
  const report: { fallback?: string; summary?: string; droppedMessages?: number } = {};
  const isForced = config.force && pass === 1;
  const wantsMore = (): boolean => isForced || isOverGate(context, requestTokens(context, currentOutput(context, state, pass).messages));
  const finish = (isCancelled: boolean): UnifiedPassOutcome => {
    const output = currentOutput(context, state, pass);
    for (const line of output.restored) ledger.notices.push(`pinned line restored by the carrier (missing from the window): "${line}"${restoredSuffix}`);
    const tokensAfter = isCancelled ? tokensBefore : requestTokens(context, output.messages);
    const fits = !isOverGate(context, tokensAfter);
    const flags: PassFlag[] = [];
    if (strategies.length === 0 && !isCancelled) flags.push('no-work');
    else if (!isCancelled && !fits && isStall(tokensBefore, tokensAfter, config.stallRatio)) {
      flags.push('stall');
      ledger.notices.push(stallNotice(pass, tokensBefore, tokensAfter, config.stallRatio));
    }
    if (tokensAfter > tokensBefore) ledger.notices.push(inflationNotice(pass, tokensBefore, tokensAfter));
    const snapshot = buildSnapshot(state, output.messages, {
      pass,
      tokensBefore,
      tokensAfter,
      strategy: strategies.length > 0 ? strategies.join('+') : 'none',
      attempts: ledger.attempts,
      fallback: report.fallback,
      ok: !isCancelled,
      error: isCancelled ? cancelledError() : undefined,
      durationMs: ports.clock.now() - startMs,
      summary: report.summary,
      notices: [...new Set(ledger.notices)],
      droppedMessages: report.droppedMessages,
      extraFlags: flags,
    });
    onEvent({ type: 'pass-end', snapshot });
    return { snapshot, isCancelled, fits };
  };

  if (config.toolOutputMaxChars !== null) {
    const outcome = await microcompactStage(state.messages, config.toolOutputMaxChars, context.pins);
    applyInPlace(state, outcome);
    if (outcome.changed > 0) strategies.push('microcompact');
  }
  if (config.observationMask.enabled && wantsMore()) {
    const outcome = observationMaskStage(state.messages, config.observationMask.keepLast, context.pins);
    applyInPlace(state, outcome);
    if (outcome.changed > 0) strategies.push('observation-mask');
  }
  let hasSummarized = false;
  // Why a local trim would replace the summary: the summary stage never fails (truncate is its last rung), so it is
  // either off or found nothing older than the kept tail to fold.
  let whyNoSummary = 'the summary stage is off (summary: false)';
  if (config.summary && wantsMore()) {
    if (ports.signal?.aborted) return finish(true);
    const outcome = await summaryStage(context, state, ledger);
    if (outcome.kind === 'cancelled') return finish(true);
    if (outcome.kind === 'no-work') whyNoSummary = 'nothing older than the kept messages was left to summarize';
    if (outcome.kind === 'summarized') {
      hasSummarized = true;
      strategies.push('llm-summary');
      report.fallback = outcome.fallback;
      report.summary = outcome.summary;
      if (repairState(state, `${unifiedProfileId}-p${pass}`) > 0) ledger.notices.push('tool pairs repaired after the summary cut');
      const tokens = requestTokens(context, currentOutput(context, state, pass).messages);
      const tier2 = await tier2Stage(context, state, ledger, outcome.summaryId, tokens);
      if (tier2.kind === 'cancelled') return finish(true);
      if (tier2.kind === 'rewritten') {
        strategies.push(tier2.strategy);
        report.fallback = tier2.strategy;
        report.summary = tier2.summary;
      }
    }
  }
  if (config.localTrim && !hasSummarized && wantsMore()) {
    const trimmed = localTrim(state.messages, config.keepRecentTokens, context.estimator.messageTokens, ports.clock.now(), `${unifiedProfileId}-p${pass}`, { reason: whyNoSummary, template: config.prompts.trimMarker, repair: repairToolPairingSeed });
    if (trimmed) {
      onEvent({ type: 'fallback', pass, from: config.summary ? 'llm-summary' : 'observation-mask', to: 'local-trim', reason: `still over the gate: ${whyNoSummary}` });
      applyTrim(state, trimmed);
      strategies.push('local-trim');
      report.fallback = 'local-trim';
      report.droppedMessages = trimmed.droppedMessages;
    }
  }
  return finish(false);
}
