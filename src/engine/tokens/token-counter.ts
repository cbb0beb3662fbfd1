/**
 * The token-counting port. The engine never loads a tokenizer: the worker (or Node) passes a `TokenCounter` in,
 * tests pass `charsPerTokenCounter`.
 */

/** tiktoken encodings we can count with; `o200k_base` is GPT-4o/4.1/5, `cl100k_base` GPT-4/3.5 and the seeds' default. */
export type EncodingName = 'cl100k_base' | 'o200k_base' | 'p50k_base' | 'r50k_base';

/** Every supported encoding, in the order a picker shows them. */
export const encodingNames: readonly EncodingName[] = ['o200k_base', 'cl100k_base', 'p50k_base', 'r50k_base'];

/** Counts tokens of plain text. Special-token strings such as `<|endoftext|>` are ordinary text to it. */
export interface TokenCounter {
  /** The encoding the counts are in; the estimate counters report the encoding they stand in for. */
  encoding: EncodingName;
  /** Token count of `text`; 0 for the empty string. Must be deterministic and at most O(n log n) in `text.length`. */
  count(text: string): number;
  /** True for heuristic counters (chars per token): their counts are never cached nor shown as exact. */
  isEstimate?: boolean;
}

/**
 * A fake counter: `ceil(length / ratio)` UTF-16 units per token — the seeds' chars/4 estimate with the default ratio.
 * For tests and for engine work that must not wait for a tokenizer.
 */
export function charsPerTokenCounter(ratio = 4, encoding: EncodingName = 'cl100k_base'): TokenCounter {
  return { encoding, isEstimate: true, count: (text) => Math.ceil(text.length / ratio) };
}
