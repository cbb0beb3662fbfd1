import type { EventSink } from '../../run/events';
import type { CallbackRunner } from '../../run/callback-runner';
import type { EnginePorts } from '../../run/ports';
import { summarizerNames } from '../../run/summarizer-ladder';
import { customSummaryFromResult } from '../../strategies/custom';
import { rustTrim } from '../../strategies/harn-display';
import type { HarnMessage } from '../../strategies/harn-message';
import { formatCompactionMessages, renderSummarizePrompt } from '../../strategies/llm-summary';
import { observationMaskSummary, readMaskOverrides } from '../../strategies/observation-mask';
import type { StrategyOutput } from '../../strategies/strategy-output';
import { truncateSummary } from '../../strategies/truncate';
import type { TwoTierConfig, TwoTierStrategy } from './config';
import { describeThrown } from '../../run/errors';
import { cancelledFailure, failure, isTwoTierFailure, raceAbort } from './failure';

/** What one strategy application needs from the run. */
export interface TierContext {
  config: TwoTierConfig;
  /** The mask callback this run uses: the config's, or null where seed 3 has none (manual compaction). */
  maskCallback: string | null;
  ports: EnginePorts;
  onEvent: EventSink;
  callbacks?: CallbackRunner;
  pass: number;
  /** Counts summarizer calls across the run; attempts are numbered from it. */
  calls: { count: number };
}

/** A strategy's output, plus whether an LLM's empty answer made it fall back to the truncate body. */
export interface TierOutput extends StrategyOutput {
  isEmptyFallback: boolean;
}

/**
 * Applies one engine strategy to the archived messages (spec §3.5). Tier 2 passes `isTier2` so the mask callback is
 * not used there, as in the seed. LLM and callback errors propagate as failures: seed 3 has no fallback inside
 * the engine for them.
 */
export async function applyTierStrategy(context: TierContext, strategy: TwoTierStrategy, archived: HarnMessage[], archivedCount: number, isTier2: boolean): Promise<TierOutput> {
  switch (strategy) {
    case 'truncate':
      return { ...truncateSummary(archived, archivedCount), isEmptyFallback: false };
    case 'observation-mask': {
      // Tier 2 never masks with the callback; manual compaction never has one (see `TwoTierSettings.maskCallback`).
      const source = isTier2 ? null : context.maskCallback;
      const overrides = source ? readMaskOverrides(await runCallback(context, 'mask_callback', () => requireRunner(context).runMask(source, archived))) : [];
      return { ...observationMaskSummary(archived, archivedCount, overrides), isEmptyFallback: false };
    }
    case 'custom': {
      const source = context.config.customCompactor;
      if (!source) throw failure('missing-custom-compactor', 'compactStrategy or hardLimitStrategy is custom, but no customCompactor is set.');
      const result = await runCallback(context, 'custom_compactor', () => requireRunner(context).runCustom(source, archived));
      try {
        return { ...customSummaryFromResult(result, archived, archivedCount), isEmptyFallback: false };
      } catch (thrown) {
        throw failure('callback-failed', `custom_compactor returned a value harn cannot hold: ${describeThrown(thrown)}`);
      }
    }
    case 'llm':
      return llmTier(context, archived, archivedCount);
  }
}

async function llmTier(context: TierContext, archived: HarnMessage[], archivedCount: number): Promise<TierOutput> {
  const { ports, onEvent, pass } = context;
  const summarizer = ports.summarizers.main;
  if (!summarizer) throw failure('missing-summarizer', 'The llm strategy needs a summarizer (ports.summarizers.main), and none was given.');
  // harn's format by default; the lab extension adds the calls (upstream-deviations: the tool calls option).
  const listed = context.config.summarizeToolCalls ? archived.map(withToolCalls) : archived;
  const prompt = renderSummarizePrompt(context.config.summarizePrompt ?? undefined, formatCompactionMessages(listed), archivedCount);
  context.calls.count += 1;
  const attempt = context.calls.count;
  const startMs = ports.clock.now();
  onEvent({ type: 'attempt-start', pass, attempt, role: 'single', model: summarizerNames(ports.summarizers).main });
  const signal = ports.signal ?? new AbortController().signal;
  try {
    const answer = await raceAbort(summarizer.summarize({ role: 'single', system: '', prompt, signal }), ports.signal);
    onEvent({ type: 'attempt-end', pass, attempt, ok: true, durationMs: ports.clock.now() - startMs });
    return llmSummaryFromHarnAnswer(answer.text, archived, archivedCount);
  } catch (thrown) {
    const wrapped = ports.signal?.aborted
      ? cancelledFailure
      : isTwoTierFailure(thrown) ? thrown : failure('summarizer-failed', `The LLM summarizer failed: ${describeThrown(thrown)}`);
    onEvent({ type: 'attempt-end', pass, attempt, ok: false, durationMs: ports.clock.now() - startMs, error: wrapped.error });
    throw wrapped;
  }
}

/**
 * The LLM strategy's output as seed 3 writes it (spec §3.5): `[auto-compacted {N} older messages]\n{trimmed}`, or
 * the truncate body under the fallback header when nothing is left. Trimmed with Rust's `trim`, not JavaScript's:
 * they disagree on U+0085 and U+FEFF (the shared `llmSummaryFromAnswer` keeps JavaScript's for the unified profile).
 */
function llmSummaryFromHarnAnswer(answer: string, archived: readonly HarnMessage[], archivedCount: number): TierOutput {
  const trimmed = rustTrim(answer);
  if (trimmed.length === 0) return { ...truncateSummary(archived, archivedCount, true), isEmptyFallback: true };
  return { text: `[auto-compacted ${archivedCount} older messages]\n${trimmed}`, archivedFates: archived.map(() => 'summarized'), isEmptyFallback: false };
}

/** How much of a call's arguments the prompt shows: the ADK seed's cut, enough for the path or command that leads them. */
const callArgumentChars = 200;

/**
 * A message whose content is followed by its tool calls, one a line as `Name {arguments}` (the ADK seed's shape, cut
 * at 200 characters): the summarizer then sees which call read, changed or ran what, where harn's `ROLE: content`
 * shows the results alone.
 */
function withToolCalls(message: HarnMessage): HarnMessage {
  if (!message.tool_calls || message.tool_calls.length === 0) return message;
  const calls = message.tool_calls.map((call) => `${call.function.name} ${call.function.arguments.slice(0, callArgumentChars)}`);
  return { ...message, content: [message.content, ...calls].filter((line) => line.length > 0).join('\n') };
}

function requireRunner(context: TierContext): CallbackRunner {
  if (!context.callbacks) throw failure('missing-callback-runner', 'The config carries callbacks, but no callback runner was given.');
  return context.callbacks;
}

async function runCallback(context: TierContext, name: string, run: () => Promise<unknown>): Promise<unknown> {
  try {
    return await raceAbort(run(), context.ports.signal);
  } catch (thrown) {
    if (isTwoTierFailure(thrown)) throw thrown;
    throw failure('callback-failed', `${name} failed: ${describeThrown(thrown)}`);
  }
}
