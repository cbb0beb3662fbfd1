import { describe, expect, it } from 'vitest';
import { inlineDiff, lineDiffMaxChars, wordDiffMaxChars } from './inline-diff';

function sides(diff: ReturnType<typeof inlineDiff>): { before: string; after: string } {
  if (diff.kind !== 'parts') throw new Error(`expected parts, got ${diff.kind}`);
  return {
    before: diff.parts.filter((part) => part.change !== 'added').map((part) => part.text).join(''),
    after: diff.parts.filter((part) => part.change !== 'removed').map((part) => part.text).join(''),
  };
}

describe('inlineDiff', () => {
  it('says "same" for equal texts', () => {
    expect(inlineDiff('x', 'x')).toEqual({ kind: 'same' });
  });

  it('diffs small texts word by word, and the parts rebuild both sides', () => {
    const diff = inlineDiff('the tool printed 400 lines', 'the tool printed [masked] lines');
    expect(diff.kind === 'parts' && diff.granularity).toBe('words');
    expect(sides(diff)).toEqual({ before: 'the tool printed 400 lines', after: 'the tool printed [masked] lines' });
    expect(diff.kind === 'parts' && diff.parts.filter((part) => part.change === 'removed').map((part) => part.text)).toEqual(['400']);
  });

  it('diffs larger texts line by line', () => {
    const before = Array.from({ length: 2_000 }, (_, index) => `line ${index} of the output`).join('\n');
    const after = before.replace(/line (\d*00) of/g, 'line $1 was changed in');
    expect(before.length * 2).toBeGreaterThan(wordDiffMaxChars);
    const diff = inlineDiff(before, after);
    expect(diff.kind === 'parts' && diff.granularity).toBe('lines');
    expect(sides(diff)).toEqual({ before, after });
  });

  it('gives up with sizes for a pair beyond the line-diff cap (a 1 MB message)', () => {
    const before = 'x'.repeat(lineDiffMaxChars);
    expect(inlineDiff(before, '[output masked]')).toEqual({ kind: 'too-large', charsBefore: lineDiffMaxChars, charsAfter: 15 });
  });

  it('diffs a small edit inside a huge text by splitting off the shared head and tail first', () => {
    const before = Array.from({ length: 40_000 }, (_, index) => `line ${index} of a very long tool output`).join('\n');
    const after = before.replace('line 20000 of', 'line 20000 (edited) of');
    expect(before.length + after.length).toBeGreaterThan(lineDiffMaxChars);
    const diff = inlineDiff(before, after);
    expect(sides(diff)).toEqual({ before, after });
    expect(diff.kind === 'parts' && diff.parts.filter((part) => part.change !== 'same').map((part) => part.text.trim())).toEqual(['(edited)']);
  });

  it('never splits a word at the shared head or tail', () => {
    const diff = inlineDiff('prefix alpha suffix', 'prefix alphabet suffix');
    expect(diff.kind === 'parts' && diff.parts.map((part) => `${part.change}:${part.text}`)).toEqual(['same:prefix ', 'removed:alpha', 'added:alphabet', 'same: suffix']);
  });

  it('gives up with sizes when the texts share too little for a bounded diff', () => {
    const before = Array.from({ length: 3_000 }, (_, index) => `a${index}`).join('\n');
    const after = Array.from({ length: 3_000 }, (_, index) => `b${index}`).join('\n');
    expect(inlineDiff(before, after).kind).toBe('too-large');
  });
});
