import type { EngineError } from '../../run/ports';
import { toHarnMessage } from '../../strategies/harn-message';
import { truncateSummary } from '../../strategies/truncate';
import { applySummary, compactSession, prepareCompaction, recordOf, runRung, type CompactSessionResult, type RunState } from '../auto-compactor/parts';
import { fitSummarizerInput } from './summarizer-input-fit';
import { rungContext, unifiedProfileId, type PassLedger, type UnifiedContext } from './unified-context';

/** How the summary stage ended. */
export type SummaryStageOutcome =
  | { kind: 'summarized'; summaryId: string; summary: string; fallback?: string }
  | { kind: 'no-work' }
  | { kind: 'cancelled' };

/** The id of the summary a pass inserts. */
function summaryIdOf(pass: number): string {
  return `${unifiedProfileId}-p${pass}-summary`;
}

/**
 * Seed 1's summary (§1.5: cut point, split turn, previous summary, pinned block, sanitizer) through the ladder
 * smol → main with its retries and budgets, then seed 3's truncate summary as the last rung: it needs no call, so a
 * pass whose summarizers all fail still shrinks. The summarizer's input is fitted to its window first.
 */
export async function summaryStage(context: UnifiedContext, state: RunState, ledger: PassLedger): Promise<SummaryStageOutcome> {
  const { config, ports, onEvent } = context;
  const { pass } = ledger;
  const preparation = prepareCompaction(state.messages, {
    keepRecentTokens: config.keepRecentTokens,
    // A tail budget smaller than the newest message still compacts: the summary takes what the tail cannot hold
    // (upstream-deviations: a tail smaller than the newest message).
    oversizedTail: 'summarize-oversized',
    messageTokens: context.estimator.messageTokens,
    recordOf: (message, index) => recordOf(state, message, index),
  });
  if (!preparation) return { kind: 'no-work' };
  const summarized = [...preparation.messagesToSummarize, ...preparation.turnPrefixMessages];
  if (summarized.length === 0) return { kind: 'no-work' };
  const summaryId = summaryIdOf(pass);
  const windowTokens = config.summarizerWindowTokens ?? config.window;
  const fitOptions = { windowTokens, counter: ports.counter, pins: context.pins, onNotice: (notice: string) => ledger.notices.push(notice) };
  let error: EngineError | undefined;
  let previousLabel: string | undefined;
  for (const { rung, summarizer } of context.rungs) {
    if (previousLabel && error) onEvent({ type: 'fallback', pass, from: previousLabel, to: rung.label, reason: error.message });
    const outcome = await runRung<CompactSessionResult>(rungContext(context, ledger), rung, (signal) =>
      compactSession(preparation, {
        summarizer,
        role: rung.role,
        prompts: context.prompts,
        customInstructions: config.prompts.customInstructions,
        pinned: context.pinned,
        reserveTokens: config.reserveTokens,
        // One pinned block per summary, where upstream writes a split turn's block twice (upstream-deviations).
        isPinnedOncePerSummary: true,
        signal,
        onCall: () => (context.summarizerCalls += 1),
        fitPrompt: (messages, parts, system) => fitSummarizerInput(messages, parts, system, fitOptions),
      }),
    );
    if (outcome.kind === 'cancelled') return outcome;
    if (outcome.kind === 'ok') {
      applySummary(state, summaryId, { summary: outcome.result.summary, fileOperations: outcome.result.fileOperations }, summarized, preparation.kept);
      ledger.notices.push(...outcome.result.sanitizedEphemeral.map((span) => `sanitizer stripped: ${span}`));
      const fallback = rung === context.rungs[0].rung ? undefined : rung.role;
      return { kind: 'summarized', summaryId, summary: outcome.result.summary, fallback };
    }
    error = outcome.error;
    previousLabel = rung.label;
  }
  if (ports.signal?.aborted) return { kind: 'cancelled' };
  onEvent({ type: 'fallback', pass, from: previousLabel ?? 'summarizer', to: 'truncate', reason: error?.message ?? 'no summarizer was given' });
  // The truncate rung folds the previous summary too, so nothing it held is lost without a trace.
  const previous = preparation.boundaryStart === 1 ? [state.messages[0]] : [];
  const archived = [...previous, ...summarized].map(toHarnMessage);
  const truncated = truncateSummary(archived, archived.length);
  const summary = truncated.text;
  applySummary(state, summaryId, { summary, fileOperations: preparation.fileOperations }, summarized, preparation.kept);
  // Past its first 15 lines truncate keeps only a count: those messages are trimmed, not summarized.
  summarized.forEach((message, offset) => {
    if (truncated.archivedFates[previous.length + offset] === 'trimmed' && state.fates.has(message.id)) state.fates.set(message.id, { kind: 'trimmed' });
  });
  return { kind: 'summarized', summaryId, summary, fallback: 'truncate' };
}
