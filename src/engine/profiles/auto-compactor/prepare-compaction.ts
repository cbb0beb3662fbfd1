import type { Message } from '../../transcript/model';
import { findCutPoint, type CutEntry, type OversizedTailRule } from './cut-point';
import { extractFileOperations, type FileOperations } from './serialization';

/** A compaction already folded into the list: the summary text and the file lists it carried. */
export interface CompactionRecord {
  summary: string;
  fileOperations: FileOperations;
}

/** What one pass will summarize and keep (the seed's `prepareCompaction`, §1.5). */
export interface Preparation {
  boundaryStart: number;
  firstKeptIndex: number;
  isSplitTurn: boolean;
  messagesToSummarize: Message[];
  turnPrefixMessages: Message[];
  kept: Message[];
  previousSummary?: string;
  fileOperations: FileOperations;
}

const summaryWrapper = /^The conversation history before this point was compacted into the following summary:\n\n<summary>\n([\s\S]*)\n<\/summary>$/;

/** The text the seed's projection shows for a compaction record. */
export function projectSummary(summary: string): string {
  return `The conversation history before this point was compacted into the following summary:\n\n<summary>\n${summary}\n</summary>`;
}

/** Reads a summary message's raw summary back out of its projected wrapper. */
export function unwrapSummary(text: string): string {
  return summaryWrapper.exec(text)?.[1] ?? text;
}

function cutEntry(message: Message, tokens: number, isCompaction: boolean): CutEntry {
  if (isCompaction) return { kind: 'compaction' };
  if (message.role === 'tool') return { kind: 'message', role: 'toolResult', tokens };
  return { kind: 'message', role: message.role === 'assistant' ? 'assistant' : 'user', tokens };
}

/** Options for `prepareCompaction`. */
export interface PrepareOptions {
  keepRecentTokens: number;
  /** When the tail asked for is smaller than the newest message: the seed's rule by default (see `OversizedTailRule`). */
  oversizedTail?: OversizedTailRule;
  messageTokens(message: Message): number;
  /** The compaction record a message stands for, when it is one (our inserted summaries, a source summary at index 0). */
  recordOf(message: Message, index: number): CompactionRecord | undefined;
}

/**
 * Returns null when there is no work (empty list, or the leaf is already a compaction). Otherwise the span after the
 * last compaction up to the token-budget cut is summarized (split turns: the turn's prefix separately) and the rest kept.
 */
export function prepareCompaction(messages: readonly Message[], options: PrepareOptions): Preparation | null {
  if (messages.length === 0) return null;
  const lastIndex = messages.length - 1;
  if (options.recordOf(messages[lastIndex], lastIndex) || messages[lastIndex].origin === 'summary') return null;
  const previous = options.recordOf(messages[0], 0);
  const boundaryStart = previous ? 1 : 0;
  const entries = messages.map((message, index) => cutEntry(message, options.messageTokens(message), index === 0 && previous !== undefined));
  const cut = findCutPoint(entries, boundaryStart, messages.length, options.keepRecentTokens, options.oversizedTail);
  const summarizeEnd = cut.isSplitTurn ? cut.turnStartIndex : cut.firstKeptIndex;
  const messagesToSummarize = messages.slice(boundaryStart, summarizeEnd);
  const turnPrefixMessages = cut.isSplitTurn ? messages.slice(cut.turnStartIndex, cut.firstKeptIndex) : [];
  return {
    boundaryStart,
    firstKeptIndex: cut.firstKeptIndex,
    isSplitTurn: cut.isSplitTurn,
    messagesToSummarize,
    turnPrefixMessages,
    kept: messages.slice(cut.firstKeptIndex),
    previousSummary: previous?.summary,
    fileOperations: extractFileOperations([...messagesToSummarize, ...turnPrefixMessages], previous?.fileOperations),
  };
}
