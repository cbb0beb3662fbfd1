import { describe, expect, it } from 'vitest';
import type { EncodingName } from '../../engine';
import { splitPatternSources } from './token-split-patterns';

const referenceRanks = {
  cl100k_base: () => import('js-tiktoken/ranks/cl100k_base'),
  o200k_base: () => import('js-tiktoken/ranks/o200k_base'),
  p50k_base: () => import('js-tiktoken/ranks/p50k_base'),
  r50k_base: () => import('js-tiktoken/ranks/r50k_base'),
};

describe('splitPatternSources', () => {
  it.each(['cl100k_base', 'o200k_base', 'p50k_base', 'r50k_base'] as EncodingName[])(
    'is js-tiktoken’s pat_str for %s, character for character',
    async (encoding) => {
      const ranks = await referenceRanks[encoding]();
      expect(splitPatternSources[encoding]).toBe(ranks.default.pat_str);
    },
  );
});
