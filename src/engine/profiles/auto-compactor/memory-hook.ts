import type { Message } from '../../transcript/model';

/** The optional Phase 2 hook: durable-fact extraction from the span a pass summarized. */
export type MemoryExtractionHook = (summarizedText: string) => Promise<void> | void;

/** The hook's text (§1.5 step 5): user text and assistant text blocks, tool results excluded, joined by newlines. */
export function memoryExtractionText(messages: readonly Message[]): string {
  const parts: string[] = [];
  for (const message of messages) {
    if (message.role === 'tool') continue;
    const text = message.blocks.map((block) => (block.kind === 'text' ? block.text : '')).join('');
    if (text) parts.push(text);
  }
  return parts.join('\n');
}

/** Fires the hook fire-and-forget when there is text; its errors are swallowed, as the seed does. */
export function fireMemoryHook(hook: MemoryExtractionHook | undefined, messages: readonly Message[]): void {
  if (!hook) return;
  const text = memoryExtractionText(messages);
  if (!text) return;
  try {
    void Promise.resolve(hook(text)).catch(() => undefined);
  } catch {
    // A hook that throws synchronously must not fail the pass either.
  }
}
