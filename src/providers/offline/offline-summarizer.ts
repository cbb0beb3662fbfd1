import type { Summarizer, SummarizeRequest, SummarizeResult } from '../../engine';
import { extractFacts, type ConversationFacts } from './conversation-facts';
import { splitTurns } from './conversation-turns';
import { findPinnedBlocks } from './pinned-blocks';
import { parsePreviousSummaries } from './previous-summary';
import { splitPrompt } from './prompt-regions';
import { planSections } from './section-plan';
import { renderSummary } from './summary-render';

/** The model id the offline summarizer answers with, so reports and the UI can label its summaries as such. */
export const offlineSummarizerModel = 'offline-extractive';

/**
 * Bounds on the summary (without its pinned text). Defaults: at most 12,000 characters and a quarter of the text it
 * summarizes — but a short text still gets its headings plus up to `minChars` (1,200) of items (an engine's
 * inflation guard, not the summarizer, decides whether such a pass is worth keeping).
 */
export interface OfflineSummarizerOptions {
  maxChars?: number;
  /** Summary length as a share of the conversation plus previous summaries it was given. */
  maxRatio?: number;
  /** Floor of the ratio bound, so a short conversation is not cut to bare headings. */
  minChars?: number;
  /** Longest single item, in characters (at most 200). */
  itemChars?: number;
}

const defaults = { maxChars: 12_000, maxRatio: 0.25, minChars: 1200, itemChars: 200 };

const emptyFacts: ConversationFacts = {
  requests: [], openRequests: [], constraints: [], filesRead: [], filesChanged: [], commands: [], errors: [], blockers: [],
  decisions: [], intents: [], done: [], concepts: [], embeddedSummaries: [],
};

/**
 * The summary the offline summarizer writes for a request: the sections the instructions name (or the default set),
 * filled by extraction from the conversation, a previous summary's facts merged in, and every pinned-operative block
 * copied byte for byte. Pure and deterministic; linear in the prompt's length; never throws.
 */
export function summarizeOffline(
  request: Pick<SummarizeRequest, 'system' | 'prompt' | 'maxOutputTokens'>,
  options: OfflineSummarizerOptions = {},
): string {
  const system = typeof request.system === 'string' ? request.system : '';
  const prompt = typeof request.prompt === 'string' ? request.prompt : '';
  const regions = splitPrompt(system, prompt);
  const pinnedBlocks = uniqueBlocks([
    ...findPinnedBlocks(regions.instructions),
    ...findPinnedBlocks(regions.conversation),
    ...regions.previousSummaries.flatMap(findPinnedBlocks),
  ]);
  const sections = planSections(regions.instructions);
  let facts = emptyFacts;
  try {
    facts = extractFacts(splitTurns(regions.conversation));
  } catch {
    // Odd input must not fail the pass: a summary with empty sections still carries the headings and pins.
  }
  const inputChars = regions.conversation.length + regions.previousSummaries.reduce((sum, text) => sum + text.length, 0);
  const maxRatio = options.maxRatio ?? defaults.maxRatio;
  let capChars = options.maxChars ?? defaults.maxChars;
  if (request.maxOutputTokens !== undefined && request.maxOutputTokens > 0) capChars = Math.min(capChars, request.maxOutputTokens * 4);
  return renderSummary({
    ratioChars: Math.floor(inputChars * maxRatio),
    floorChars: options.minChars ?? defaults.minChars,
    capChars,
    sections,
    facts,
    previous: parsePreviousSummaries([...regions.previousSummaries, ...facts.embeddedSummaries]),
    pinnedBlocks,
    itemChars: Math.min(options.itemChars ?? defaults.itemChars, defaults.itemChars),
  });
}

/** Exact duplicates and blocks contained in an earlier one (the same pins carried by a previous summary) are dropped. */
function uniqueBlocks(blocks: readonly string[]): string[] {
  const kept: string[] = [];
  for (const block of blocks) if (!kept.some((earlier) => earlier.includes(block))) kept.push(block);
  return kept;
}

/**
 * The embedded default summarizer behind the Summarizer port: deterministic, no key, no network, provider `offline`,
 * model id `offline-extractive`. Rejects at once with the signal's reason when the request is already aborted. `usage`
 * is the chars/4 estimate of the request and the summary.
 */
export function createOfflineSummarizer(options: OfflineSummarizerOptions = {}): Summarizer {
  const summarize = async (request: SummarizeRequest): Promise<SummarizeResult> => {
    throwIfAborted(request.signal);
    const text = summarizeOffline(request, options);
    throwIfAborted(request.signal);
    return {
      text,
      model: offlineSummarizerModel,
      usage: { inputTokens: Math.ceil((request.system.length + request.prompt.length) / 4), outputTokens: Math.ceil(text.length / 4) },
    };
  };
  return { provider: 'offline', modelId: offlineSummarizerModel, summarize };
}

function throwIfAborted(signal: AbortSignal | undefined): void {
  if (!signal?.aborted) return;
  if (signal.reason !== undefined) throw signal.reason;
  const error = new Error('The summarization was aborted.');
  error.name = 'AbortError';
  throw error;
}
