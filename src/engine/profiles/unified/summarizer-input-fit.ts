import type { TokenCounter } from '../../tokens/token-counter';
import type { Message } from '../../transcript/model';
import { assemblePrompt, serializeConversation, type PromptParts } from '../auto-compactor/parts';

/** Marker put where older parts of the serialized conversation were left out to fit the summarizer's context window (summarizerWindowTokens). */
export function leftOutMarker(count: number): string {
  return `[${count} older message(s) of the conversation were left out here so the summarizer's input fits its window]`;
}

/** What the fitter needs: the window, a counter, the pinned lines to keep, and where to report. */
export interface InputFitOptions {
  windowTokens: number;
  counter: TokenCounter;
  pins: ReadonlySet<string>;
  onNotice(notice: string): void;
}

function requestTokens(counter: TokenCounter, system: string, parts: PromptParts): number {
  return counter.count(system) + counter.count(assemblePrompt(parts));
}

/**
 * The input-fit guard none of the seeds has: when system + prompt would not fit the summarizer's window, the
 * serialized conversation loses its oldest messages first. Messages holding a pinned line are kept, and the previous
 * summary and the pinned block live outside the conversation, so they are never touched. Each shrink is reported;
 * so is an input that still does not fit once nothing droppable is left (it is sent as it is: the provider decides).
 */
export function fitSummarizerInput(messages: readonly Message[], parts: PromptParts, system: string, options: InputFitOptions): PromptParts {
  const { counter, windowTokens } = options;
  const before = requestTokens(counter, system, parts);
  if (before <= windowTokens) return parts;
  const chunks = messages.map((message) => serializeConversation([message])).filter((chunk) => chunk.length > 0);
  const isPinned = chunks.map((chunk) => [...options.pins].some((line) => chunk.includes(line)));
  // Chunk tokens are summed rather than re-counting the whole prompt per drop, so the fit stays linear.
  const chunkTokens = chunks.map((chunk) => counter.count(chunk) + 1);
  const dropped = new Set<number>();
  let cursor = 0;
  // Drops the oldest unpinned chunks worth `excess` tokens; false when nothing droppable is left.
  const dropWorth = (excess: number): boolean => {
    let hasDropped = false;
    for (; cursor < chunks.length && excess > 0; cursor++) {
      if (isPinned[cursor]) continue;
      dropped.add(cursor);
      excess -= chunkTokens[cursor];
      hasDropped = true;
    }
    return hasDropped;
  };
  const build = (): PromptParts => {
    const kept = chunks.filter((_chunk, index) => !dropped.has(index));
    return { ...parts, serializedConversation: [leftOutMarker(dropped.size), ...kept].join('\n\n') };
  };
  dropWorth(before - windowTokens + counter.count(leftOutMarker(chunks.length)) + 1);
  let fitted = build();
  let after = requestTokens(counter, system, fitted);
  // Per-chunk counts can under-count a tokenizer that merges across chunk borders: drop the measured excess again.
  while (after > windowTokens && dropWorth(after - windowTokens)) {
    fitted = build();
    after = requestTokens(counter, system, fitted);
  }
  const base = `summarizer input shrunk to fit summarizerWindowTokens ${windowTokens}: ${dropped.size} of ${chunks.length} conversation message(s) left out, oldest first (pinned lines and the previous summary kept), ${before} → ${after} tokens`;
  options.onNotice(after > windowTokens ? `${base}; still over the window with nothing left to drop, sent as it is` : base);
  return fitted;
}
