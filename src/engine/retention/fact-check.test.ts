import { describe, expect, it } from 'vitest';
import { findFacts } from './fact-check';
import type { Fact, FactCategory } from './facts';
import { normalizeText } from './normalize';

const fact = (category: FactCategory, text: string): Fact => ({ category, text, sourceMessageId: 'm1' });

describe('checking facts against a compacted context', () => {
  it('finds exact occurrences, and normalized ones (case, quotes, backticks, spaces, trailing punctuation)', () => {
    const context = 'We ran `NPM  test` and the cache used 512MB, in 30 s.\nThe user said: never push to main';
    const facts = [fact('command', 'npm test'), fact('number', '512 MB'), fact('number', '30s'), fact('request', 'Never push to main.'), fact('command', 'npm run lint')];
    expect(findFacts(facts, context)).toEqual([true, true, true, true, false]);
  });

  it('matches whole words only: 5% is not in 15%, and parseDoc is not in parseDocument', () => {
    expect(findFacts([fact('number', '5%'), fact('identifier', 'parseDoc'), fact('number', '15%')], 'rate 15% via parseDocument')).toEqual([false, false, true]);
  });

  it('finds a path by its parent and basename when the context shortened it', () => {
    const facts = [fact('path', '/home/me/repo/src/engine/app.ts'), fact('path', '/home/me/repo/src/other/app.ts')];
    expect(findFacts(facts, 'edited engine/app.ts')).toEqual([true, false]);
  });

  it('answers every fact at once from one index, whatever the order and repeats', () => {
    const facts = ['alpha_one', 'beta_two', 'gamma_three', 'beta_two'].map((text) => fact('identifier', text));
    expect(findFacts(facts, 'gamma_three, then alpha_one')).toEqual([true, false, true, false]);
  });
});

describe('normalizeText', () => {
  it('folds case, drops quotes and collapses whitespace', () => {
    expect(normalizeText('Took  "30 s"\n\tand `3 MB`, “Done”')).toBe('took 30 s and 3 mb, done');
  });
});
