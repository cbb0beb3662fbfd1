import { utf8ByteLength } from '../tokens/estimate';
import type { HarnMessage } from './harn-message';
import type { ArchivedFate, StrategyOutput } from './strategy-output';
import { prefixBytes } from './utf8-text';

/** Seed 3 truncate: at most this many archived messages get a line of their own. */
const truncateMessageLimit = 15;
/** Seed 3 truncate: each line's content is cut to this many UTF-8 bytes. */
const truncateContentBytes = 500;

/**
 * Seed 3's truncate summary (spec §3.5): a header, then `[{role}] {content}` for the first 15 archived messages
 * with non-empty content (each cut to 500 bytes plus `... [truncated from {len} chars]`), then `... and {N−15} more`
 * when N > 15 — N counts empty messages too. `isLlmFallback` swaps in the header used when an LLM answered empty.
 */
export function truncateSummary(archived: readonly HarnMessage[], archivedCount: number, isLlmFallback = false): StrategyOutput {
  const lines: string[] = [];
  const archivedFates: ArchivedFate[] = archived.map(() => 'trimmed');
  archived.forEach((message, index) => {
    if (lines.length >= truncateMessageLimit || message.content.length === 0) return;
    const length = utf8ByteLength(message.content);
    const content = length > truncateContentBytes
      ? `${prefixBytes(message.content, truncateContentBytes)}... [truncated from ${length} chars]`
      : message.content;
    lines.push(`[${message.role}] ${content}`);
    archivedFates[index] = 'summarized';
  });
  const header = isLlmFallback
    ? `[auto-compact fallback: LLM summarizer returned empty; ${archivedCount} older messages abbreviated to ~${truncateContentBytes} chars each]`
    : `[auto-compacted ${archivedCount} older messages via truncate strategy]`;
  const more = archivedCount > truncateMessageLimit ? `\n... and ${archivedCount - truncateMessageLimit} more` : '';
  return { text: `${header}\n${lines.join('\n')}${more}`, archivedFates };
}
