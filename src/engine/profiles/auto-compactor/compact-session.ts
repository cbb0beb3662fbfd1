import type { SummarizerRole, Summarizer } from '../../run/ports';
import type { Message } from '../../transcript/model';
import type { PinnedOperativePayload } from '../../pins/pinned-operative';
import type { CompactionPrompts } from './default-prompts';
import type { Preparation } from './prepare-compaction';
import { withoutRepeatedPins } from './pinned-once';
import { assemblePrompt, noPriorHistory, splitTurnJoin, type PromptParts } from './prompt-assembly';
import { formatFileTags, serializeConversation, type FileOperations } from './serialization';
import { sanitizeSummary } from './summary-sanitizer';

/** What one summarization attempt needs besides the preparation. */
export interface CompactSessionOptions {
  summarizer: Summarizer;
  role: SummarizerRole;
  prompts: CompactionPrompts;
  customInstructions?: string;
  pinned: PinnedOperativePayload | null;
  /**
   * When given, the summary's output is capped at 0.8 × reserveTokens (0.5 × for a split turn's prefix), pi's clamp.
   * The Dart seed passes no cap (`compaction.dart` leaves the clamp to the adapter), so the auto-compactor omits it;
   * the unified profile passes it and keeps its cap.
   */
  reserveTokens?: number;
  signal: AbortSignal;
  /** Called before every summarizer request, so the run can count calls. */
  onCall(): void;
  /**
   * When true, a split turn's prefix summary leaves out the pinned lines the history summary already holds (unified's
   * one pinned block per summary). Upstream joins the two outputs as they are, and so does the auto-compactor.
   */
  isPinnedOncePerSummary?: boolean;
  /** Reshapes the prompt parts before assembly (the unified profile fits the input to the summarizer's window). */
  fitPrompt?(messages: readonly Message[], parts: PromptParts, system: string): PromptParts;
}

/** A successful attempt: the sanitized summary with its file tags, and the details the seed records. */
export interface CompactSessionResult {
  summary: string;
  fileOperations: FileOperations;
  sanitizedEphemeral: string[];
}

async function generate(options: CompactSessionOptions, messages: readonly Message[], basePrompt: string, previousSummary: string | undefined, maxOutputTokens: number | undefined, customInstructions?: string): Promise<string> {
  const hasPins = options.pinned !== null && options.pinned.pins.length > 0;
  const parts: PromptParts = {
    serializedConversation: serializeConversation(messages),
    basePrompt,
    previousSummary,
    pinnedBlock: hasPins ? options.pinned?.block : undefined,
    pinnedDuty: hasPins ? options.prompts.pinnedOperative : undefined,
    customInstructions,
  };
  const prompt = assemblePrompt(options.fitPrompt ? options.fitPrompt(messages, parts, options.prompts.summarySystem) : parts);
  options.onCall();
  const request = { role: options.role, system: options.prompts.summarySystem, prompt, signal: options.signal };
  const result = await options.summarizer.summarize(maxOutputTokens === undefined ? request : { ...request, maxOutputTokens });
  return result.text;
}

/**
 * One `CompactionManager.compactSession` summarization (§1.5): one call, or for a split turn a history call (or the
 * literal `No prior history.`) then a turn-prefix call joined by the split-turn heading; then the file tags, then the
 * sanitizer with the pinned lines protected. Any failure throws, and nothing is recorded (failure-safe).
 */
export async function compactSession(preparation: Preparation, options: CompactSessionOptions): Promise<CompactSessionResult> {
  const { prompts } = options;
  const protectedLines = options.pinned?.lines ?? new Set<string>();
  // A checkpoint persisted before the sanitizer existed is healed before it is fed back into the update prompt.
  const previous = preparation.previousSummary === undefined ? undefined : sanitizeSummary(preparation.previousSummary, protectedLines).text;
  const historyPrompt = previous === undefined ? prompts.summary : prompts.summaryUpdate;
  const { reserveTokens } = options;
  const historyMaxTokens = reserveTokens === undefined ? undefined : Math.floor(0.8 * reserveTokens);
  const prefixMaxTokens = reserveTokens === undefined ? undefined : Math.floor(0.5 * reserveTokens);
  let text: string;
  if (preparation.isSplitTurn && preparation.turnPrefixMessages.length > 0) {
    const history = preparation.messagesToSummarize.length > 0
      ? await generate(options, preparation.messagesToSummarize, historyPrompt, previous, historyMaxTokens, options.customInstructions)
      : noPriorHistory;
    const prefix = await generate(options, preparation.turnPrefixMessages, prompts.turnPrefix, undefined, prefixMaxTokens);
    // Unified keeps one pinned block per summary (its upstream-deviations); upstream joins both outputs as they are.
    const pinned = options.pinned;
    const prefixText = options.isPinnedOncePerSummary && pinned ? withoutRepeatedPins(prefix, history, protectedLines, pinned.framing.blockHeader) : prefix;
    text = history + splitTurnJoin + prefixText;
  } else {
    text = await generate(options, preparation.messagesToSummarize, historyPrompt, previous, historyMaxTokens, options.customInstructions);
  }
  text += formatFileTags(preparation.fileOperations);
  const sanitized = sanitizeSummary(text, protectedLines);
  return { summary: sanitized.text, fileOperations: preparation.fileOperations, sanitizedEphemeral: sanitized.stripped };
}
