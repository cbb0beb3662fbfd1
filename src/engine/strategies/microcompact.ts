import { utf8ByteLength } from '../tokens/estimate';
import { charBoundary, rustLines } from './utf8-text';

/**
 * Seed 3's `microcompact_tool_output` (spec §3.6): shrinks one oversized tool output to about `maxBytes` UTF-8
 * bytes, keeping whole lines at the head and tail and, when the output carries diagnostics, up to 32 of those
 * lines verbatim in between. Outputs at or under the limit, and limits under 200, are returned unchanged.
 */
export function microcompactToolOutput(output: string, maxBytes: number): string {
  const length = utf8ByteLength(output);
  if (length <= maxBytes || maxBytes < 200) return output;
  const diagnostics = rustLines(output).filter(isDiagnosticLine).slice(0, 32);
  if (diagnostics.length > 0) {
    const joined = diagnostics.join('\n');
    const budget = Math.max(0, maxBytes - (utf8ByteLength(joined) + 64));
    const keep = Math.floor(budget / 2);
    if (keep >= 80 && length > keep * 2) {
      const head = snapToLineEnd(output, keep);
      const tail = snapToLineStart(output, Math.max(0, length - keep));
      return `${head}\n\n[diagnostic lines preserved]\n${joined}\n\n[... output compacted ...]\n\n${tail}`;
    }
  }
  const keep = Math.floor(maxBytes / 2);
  const head = snapToLineEnd(output, keep);
  const tail = snapToLineStart(output, Math.max(0, length - keep));
  const snipped = Math.max(0, length - (utf8ByteLength(head) + utf8ByteLength(tail)));
  return `${head}\n\n[... ${snipped} characters snipped ...]\n\n${tail}`;
}

/**
 * The prefix up to and including the last complete line that fits in `maxBytes`; a single long line falls back to
 * the character-boundary prefix (seed `snap_to_line_end`).
 */
export function snapToLineEnd(text: string, maxBytes: number): string {
  if (maxBytes >= utf8ByteLength(text)) return text;
  const searchEnd = charBoundary(text, maxBytes, 'floor').index;
  const newline = text.lastIndexOf('\n', searchEnd - 1);
  return newline >= 0 && newline < searchEnd ? text.slice(0, newline + 1) : text.slice(0, searchEnd);
}

/**
 * The suffix starting at the first complete line after byte `startByte` (seed `snap_to_line_start`). When that line
 * start is the end of the text the raw position is used; a position at or past the end gives ''.
 */
export function snapToLineStart(text: string, startByte: number): string {
  if (startByte === 0) return text;
  const searchStart = charBoundary(text, startByte, 'ceil').index;
  if (searchStart >= text.length) return '';
  const newline = text.indexOf('\n', searchStart);
  if (newline < 0) return text.slice(searchStart);
  const lineStart = newline + 1;
  return lineStart < text.length ? text.slice(lineStart) : text.slice(searchStart);
}

const weakCaseSensitive = ['error', 'undefined', 'expected', 'got'];
const weakLowerCase = ['cannot find', 'not found', 'no such', 'unresolved', 'missing', 'declared but not used', 'unused', 'mismatch'];

/**
 * Whether a line is worth keeping verbatim (spec §3.6): a strong keyword (`FAIL`, `panic`, `Panic`), a
 * `file:line` prefix with a weak keyword, or a positional marker (` error `, `error:`, `warning:`, `note:`, `panic:`).
 */
function isDiagnosticLine(line: string): boolean {
  const trimmed = line.trim();
  if (trimmed.length === 0) return false;
  const lower = trimmed.toLowerCase();
  if (trimmed.includes('FAIL') || trimmed.includes('panic') || trimmed.includes('Panic')) return true;
  const colon = trimmed.indexOf(':');
  const hasFileLine = colon >= 0 && colon + 1 < trimmed.length && isAsciiDigit(trimmed.charCodeAt(colon + 1));
  const hasWeak = weakCaseSensitive.some((word) => trimmed.includes(word)) || weakLowerCase.some((word) => lower.includes(word));
  if (hasFileLine && hasWeak) return true;
  return lower.includes(' error ') || lower.startsWith('error:') || lower.startsWith('warning:') || lower.startsWith('note:') || lower.includes('panic:');
}

function isAsciiDigit(code: number): boolean {
  return code >= 48 && code <= 57;
}
