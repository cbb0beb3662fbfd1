import type { EncodingName } from '../../engine';

/**
 * The pre-tokenization patterns of each encoding, copied verbatim from tiktoken's `pat_str` as js-tiktoken ships it
 * (our reference). gpt-tokenizer rewrites some of them; we keep the originals so the split is the reference's by
 * construction, and a test compares them with js-tiktoken's at runtime.
 */
const contractions = "('s|'S|'t|'T|'re|'rE|'Re|'RE|'ve|'vE|'Ve|'VE|'m|'M|'ll|'lL|'Ll|'LL|'d|'D)";

const gpt2Pattern = String.raw`'s|'t|'re|'ve|'m|'ll|'d| ?\p{L}+| ?\p{N}+| ?[^\s\p{L}\p{N}]+|\s+(?!\S)|\s+`;

/** tiktoken `pat_str` per encoding (JS regex source, to be compiled with the `u` flag). */
export const splitPatternSources: Record<EncodingName, string> = {
  cl100k_base:
    contractions +
    String.raw`|[^\r\n\p{L}\p{N}]?\p{L}+|\p{N}{1,3}| ?[^\s\p{L}\p{N}]+[\r\n]*|\s*[\r\n]+|\s+(?!\S)|\s+`,
  o200k_base:
    String.raw`[^\r\n\p{L}\p{N}]?[\p{Lu}\p{Lt}\p{Lm}\p{Lo}\p{M}]*[\p{Ll}\p{Lm}\p{Lo}\p{M}]+` +
    contractions +
    String.raw`?|[^\r\n\p{L}\p{N}]?[\p{Lu}\p{Lt}\p{Lm}\p{Lo}\p{M}]+[\p{Ll}\p{Lm}\p{Lo}\p{M}]*` +
    contractions +
    String.raw`?|\p{N}{1,3}| ?[^\s\p{L}\p{N}]+[\r\n/]*|\s*[\r\n]+|\s+(?!\S)|\s+`,
  p50k_base: gpt2Pattern,
  r50k_base: gpt2Pattern,
};

/** A fresh global Unicode regex for the encoding's split (fresh, because `lastIndex` is per instance state). */
export function splitRegex(encoding: EncodingName): RegExp {
  return new RegExp(splitPatternSources[encoding], 'gu');
}
