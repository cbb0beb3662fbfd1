import type { Summarizer, SummarizeRequest, SummarizeResult, TokenCounter } from '../../engine';
import { conversationEnding, type ConversationEnding } from './conversation-ending';
import { extractFacts, noFacts } from './conversation-facts';
import { splitTurns } from './conversation-turns';
import { uniquePinnedBlocks } from './pinned-blocks';
import { parsePreviousSummaries } from './previous-summary';
import { splitPrompt } from './prompt-regions';
import { planSections } from './section-plan';
import { renderSummary } from './summary-render';
import { deriveWorkState } from './work-state';

/** The model id the offline summarizer answers with, so reports and the UI can label its summaries as such. */
export const offlineSummarizerModel = 'offline-extractive';

/**
 * The default summary-size budget, in tokens: sized like a real LLM compaction summary. Claude Code's own summaries
 * of five real sessions averaged 3,610 tokens; 3,000 keeps ours at that size while leaving room for the recent
 * messages a profile keeps beside its summary.
 */
const defaultSummaryMaxTokens = 3000;

/**
 * Characters per token assumed when no counter is given: 3.5, a little under the usual 4 of English prose, since a
 * summary is dense with paths, names and commands, which split into more tokens (o200k_base and cl100k_base count
 * such summaries at 3.4–3.9 characters a token).
 */
const estimatedCharsPerToken = 3.5;

/**
 * Bounds on the summary (without its pinned text). It holds at most `summaryMaxTokens` tokens (and at most the
 * request's `maxOutputTokens`), measured with `counter` when one is given; at most `maxChars` characters when set;
 * and at most `maxRatio` of the text it summarizes — a quarter at the default budget, but the whole text when
 * `summaryMaxTokens` is set, so an explicit budget is the bound that governs (a summary is never longer than what it
 * summarizes). A short text still gets its headings plus up to `minChars` (2,000) of items (an engine's inflation
 * guard, not the summarizer, decides whether such a pass is worth keeping).
 */
export interface OfflineSummarizerOptions {
  /** Summary-size budget in tokens; 3,000 by default. Set, it governs: the ratio bound then allows the whole input. */
  summaryMaxTokens?: number;
  /** Counts the budget's tokens; a documented estimate (3.5 characters a token) when absent. */
  counter?: TokenCounter;
  /** Hard upper bound in characters; none by default (the token budget bounds the summary). */
  maxChars?: number;
  /** Summary length as a share of the conversation it was given (plus its previous summaries, whole). */
  maxRatio?: number;
  /** Floor of the ratio bound, so a short conversation is not cut to bare headings. */
  minChars?: number;
}

const defaults = { maxRatio: 0.25, minChars: 2000 };

/**
 * The ratio bound under an explicit `summaryMaxTokens`: the whole conversation. Asked for S tokens, the summary may
 * use them all; a quarter of the input would otherwise bind first on any conversation under 4 × S, and a budget of S
 * and 2 × S would write the same summary.
 */
const explicitBudgetRatio = 1;

/** The share of its input a summary may take: as set, else the whole input under an explicit budget, else a quarter. */
function ratioOf(options: OfflineSummarizerOptions): number {
  if (options.maxRatio !== undefined) return options.maxRatio;
  return options.summaryMaxTokens !== undefined ? explicitBudgetRatio : defaults.maxRatio;
}

/**
 * A split turn's summary is two calls joined into one message: the history before the turn, then the start of the
 * turn whose end stays in context. The second gets half the budget, as pi's clamp gives the prefix 0.5 × the reserve
 * against the history's 0.8 — so a split-turn summary stays within 1.5 × the budget, not twice it.
 */
const turnPrefixShare = 0.5;
const turnPrefixWords = /\b(?:prefix|start) of (?:a|the|this) (?:single )?turn\b/i;

/** True for the Dart seed's turn-prefix request (its instructions speak of the prefix or start of a turn). */
function isTurnPrefixRequest(instructions: string): boolean {
  return turnPrefixWords.test(instructions);
}

/** The token count the budget is measured in: the counter's, or the estimate. */
function tokenCount(counter: TokenCounter | undefined): (text: string) => number {
  if (counter) return (text) => counter.count(text);
  return (text) => Math.ceil(text.length / estimatedCharsPerToken);
}

/**
 * The summary the offline summarizer writes for a request: the sections the instructions name, plus the ones the work
 * needs that they leave out (the user's messages, the current work and the next step, files, commands, errors,
 * names), filled by extraction from the conversation, a previous summary's facts merged in, and every pinned-operative
 * block copied byte for byte, once. Items are taken by what the next step needs most until the budget is spent.
 * Pure and deterministic; about linear in the prompt's length; never throws.
 */
export function summarizeOffline(
  request: Pick<SummarizeRequest, 'system' | 'prompt' | 'maxOutputTokens'>,
  options: OfflineSummarizerOptions = {},
): string {
  const system = typeof request.system === 'string' ? request.system : '';
  const prompt = typeof request.prompt === 'string' ? request.prompt : '';
  const regions = splitPrompt(system, prompt);
  const sections = planSections(regions.instructions);
  let facts = noFacts();
  let ending: ConversationEnding = { isReplied: false };
  try {
    const turns = splitTurns(regions.conversation);
    facts = extractFacts(turns);
    ending = conversationEnding(turns);
  } catch {
    // Odd input must not fail the pass: a summary with empty sections still carries the headings and pins.
  }
  const pinnedBlocks = uniquePinnedBlocks([regions.instructions, regions.conversation, ...regions.previousSummaries]);
  // Earlier summaries are already condensed: the ratio applies to the new conversation only, and a summary is never
  // held shorter than the summaries it extends (a summary of a summary must not shrink it by three quarters).
  const summaryChars = [...regions.previousSummaries, ...facts.embeddedSummaries].reduce((sum, text) => sum + text.length, 0);
  const conversationChars = Math.max(0, regions.conversation.length - facts.embeddedSummaries.reduce((sum, text) => sum + text.length, 0));
  const skeletonChars = sections.reduce((sum, spec) => sum + spec.heading.length + 9, 0);
  const ratioChars = Math.max(Math.floor(conversationChars * ratioOf(options)) + summaryChars, skeletonChars + (options.minChars ?? defaults.minChars));
  let maxTokens = options.summaryMaxTokens ?? defaultSummaryMaxTokens;
  if (isTurnPrefixRequest(regions.instructions)) maxTokens = Math.floor(maxTokens * turnPrefixShare);
  if (request.maxOutputTokens !== undefined && request.maxOutputTokens > 0) maxTokens = Math.min(maxTokens, request.maxOutputTokens);
  return renderSummary({
    sections,
    facts,
    state: deriveWorkState(facts, ending),
    previous: parsePreviousSummaries([...regions.previousSummaries, ...facts.embeddedSummaries]),
    pinnedBlocks,
    budget: { maxTokens, maxChars: Math.min(options.maxChars ?? Number.POSITIVE_INFINITY, ratioChars), count: tokenCount(options.counter) },
  });
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
