import type { Message } from '../transcript/model';

/** What a text mostly is, for the instant estimate: prose and code, or structured data (JSON, logs, tables). */
export type TextKind = 'prose' | 'structured';

/** Characters per token, measured with cl100k/o200k on an agent corpus (DESIGN §7). */
const charsPerToken: Record<TextKind, number> = { prose: 4.2, structured: 2.65 };

/**
 * Share of `{}[]":,` and digits above which a text counts as structured. Measured on the real fixtures' strings:
 * below 10% they average 3.9–7 chars/token, from 15% on 2.3–3.5 (digits tokenize at most three to a token).
 */
const structuredShareThreshold = 0.15;

/** At most this many characters are inspected, evenly spaced, so classifying a megabyte costs microseconds. */
const sampleSize = 2048;

function isStructuralCode(code: number): boolean {
  // { } [ ] " : , and 0-9
  return (
    code === 123 || code === 125 || code === 91 || code === 93 || code === 34 || code === 58 || code === 44 ||
    (code >= 48 && code <= 57)
  );
}

/** Classifies a text by the share of JSON punctuation and digits in an evenly spaced sample of its characters. */
export function classifyTextKind(text: string): TextKind {
  if (text.length === 0) return 'prose';
  const step = Math.max(1, Math.floor(text.length / sampleSize));
  let sampled = 0;
  let structural = 0;
  for (let index = 0; index < text.length; index += step) {
    sampled++;
    if (isStructuralCode(text.charCodeAt(index))) structural++;
  }
  return structural / sampled >= structuredShareThreshold ? 'structured' : 'prose';
}

/** The instant per-kind estimate shown before exact counts arrive: ceil(length / chars-per-token of its kind). */
export function estimateTokens(text: string): number {
  if (text.length === 0) return 0;
  return Math.ceil(text.length / charsPerToken[classifyTextKind(text)]);
}

/** Seeds 1 and 2 (pi heuristic, TS battery tests): `len === 0 ? 0 : ceil(len / 4)` in UTF-16 units. */
export function quarterCharsTokens(text: string): number {
  return text.length === 0 ? 0 : Math.ceil(text.length / 4);
}

/** Characters the pi heuristic charges per image (≈ 1,200 tokens), seed 1 §1.9. */
const piImageChars = 4800;

/**
 * Seed 1's per-message estimate (§1.9): ceil(chars / 4), where chars are the text and thinking, each tool call's
 * name plus its JSON-encoded arguments, each tool result's content, and 4,800 per image.
 */
export function piMessageTokenEstimate(message: Message): number {
  let chars = 0;
  for (const block of message.blocks) {
    switch (block.kind) {
      case 'text':
      case 'thinking':
        chars += block.text.length;
        break;
      case 'tool_call':
        chars += block.name.length + (jsonLength(block.args) ?? block.argsRaw.length);
        break;
      case 'tool_result':
        chars += block.content.length;
        break;
      case 'image':
        chars += piImageChars;
        break;
    }
  }
  return Math.ceil(chars / 4);
}

function jsonLength(value: unknown): number | undefined {
  try {
    return JSON.stringify(value)?.length;
  } catch {
    return undefined;
  }
}

/** Seed 3's estimate (§3.4): floor(Σ UTF-8 bytes / 4) over string contents; the division happens after summing. */
export function utf8QuarterTokens(texts: readonly string[]): number {
  let bytes = 0;
  for (const text of texts) bytes += utf8ByteLength(text);
  return Math.floor(bytes / 4);
}

/** UTF-8 length of a string without TextEncoder (engine code uses no host APIs); lone surrogates count 3, as U+FFFD. */
export function utf8ByteLength(text: string): number {
  let bytes = 0;
  for (let index = 0; index < text.length; index++) {
    const code = text.charCodeAt(index);
    if (code < 0x80) bytes += 1;
    else if (code < 0x800) bytes += 2;
    else if (code >= 0xd800 && code <= 0xdbff && index + 1 < text.length) {
      const low = text.charCodeAt(index + 1);
      if (low >= 0xdc00 && low <= 0xdfff) {
        bytes += 4;
        index++;
      } else bytes += 3;
    } else bytes += 3;
  }
  return bytes;
}
