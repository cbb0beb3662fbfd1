import { utf8ByteLength } from '../tokens/estimate';
import type { HarnMessage } from './harn-message';
import type { ArchivedFate, StrategyOutput } from './strategy-output';
import { prefixBytes, rustLines } from './utf8-text';

/** Non-assistant content under this many UTF-8 bytes is kept whole: cheap, and likely an error or a status line. */
export const maskPreserveBytes = 500;

/**
 * Per-index overrides from a mask callback: a string replaces the default mask of that archived message, anything
 * else (or a missing entry) means "use the default".
 */
export type MaskOverrides = readonly (string | null)[];

/**
 * Reads whatever a user's mask callback returned (spec §3.5): a list maps entry by entry (strings override, every
 * other value is a default); any non-list return means all defaults.
 */
export function readMaskOverrides(value: unknown): MaskOverrides {
  if (!Array.isArray(value)) return [];
  return value.map((entry: unknown) => (typeof entry === 'string' ? entry : null));
}

/**
 * Seed 3's deterministic observation mask (spec §3.5): a header, then one line per archived message with content.
 * Assistant prose is always whole; other roles are whole under 500 bytes, else the callback's override for that
 * index, else the default mask (whole when ≤ 3 lines, otherwise a 120-byte first-line preview and a masked count).
 */
export function observationMaskSummary(archived: readonly HarnMessage[], archivedCount: number, overrides: MaskOverrides = []): StrategyOutput {
  const parts = [`[auto-compacted ${archivedCount} older messages via observation masking]`];
  const archivedFates: ArchivedFate[] = archived.map(() => 'trimmed');
  archived.forEach((message, index) => {
    const { role, content } = message;
    if (content.length === 0) return;
    if (role === 'assistant' || utf8ByteLength(content) < maskPreserveBytes) {
      parts.push(`[${role}] ${content}`);
      archivedFates[index] = 'summarized';
      return;
    }
    const override = overrides[index];
    const line = typeof override === 'string' ? override : defaultMask(role, content);
    parts.push(line);
    // A short default mask (≤ 3 lines) is the whole message, so nothing of it was masked.
    archivedFates[index] = line === `[${role}] ${content}` ? 'summarized' : 'masked';
  });
  return { text: parts.join('\n'), archivedFates };
}

/** The default mask of one long non-assistant message. */
export function defaultMask(role: string, content: string): string {
  const lines = rustLines(content);
  if (lines.length <= 3) return `[${role}] ${content}`;
  // Seed 3 slices at byte 120 and panics inside a character; we cut on a boundary (two-tier deviation, H27).
  const preview = prefixBytes(lines[0] ?? content, 120);
  return `[${role}] ${preview}... [${lines.length} lines, ${utf8ByteLength(content)} chars masked]`;
}
