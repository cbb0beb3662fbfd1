import type { EncodingName, TokenCounter } from '../../engine';

/**
 * The reference counter: js-tiktoken's `encode(text, [], [])` — no special token allowed and none disallowed, so
 * `<|endoftext|>` is counted as plain text instead of throwing. Quadratic on long single-class runs: for tests and
 * the benchmark baseline only, never for user input.
 */
export async function loadReferenceCounter(encoding: EncodingName): Promise<TokenCounter> {
  const [{ Tiktoken }, ranks] = await Promise.all([import('js-tiktoken/lite'), importReferenceRanks(encoding)]);
  const tiktoken = new Tiktoken(ranks);
  return { encoding, count: (text) => tiktoken.encode(text, [], []).length };
}

async function importReferenceRanks(encoding: EncodingName) {
  switch (encoding) {
    case 'cl100k_base':
      return (await import('js-tiktoken/ranks/cl100k_base')).default;
    case 'o200k_base':
      return (await import('js-tiktoken/ranks/o200k_base')).default;
    case 'p50k_base':
      return (await import('js-tiktoken/ranks/p50k_base')).default;
    case 'r50k_base':
      return (await import('js-tiktoken/ranks/r50k_base')).default;
  }
}
