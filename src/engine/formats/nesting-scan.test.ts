import fc from 'fast-check';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { deepJson } from './hostile-records.test-support';
import { importText } from './import-text';
import { limitNesting, MAX_NESTING_DEPTH } from './nesting-limit';
import { cutDeepNesting } from './nesting-scan';

const kept = MAX_NESTING_DEPTH + 1;

/** A value parsed, then cut at the import limit: what the importers see. */
function asImported(text: string): { value: unknown; cuts: ReturnType<typeof limitNesting> } {
  const value: unknown = JSON.parse(text);
  return { value, cuts: limitNesting(value) };
}

describe('cutDeepNesting: over-deep JSON is cut in the text, before JSON.parse (issue 25 item 8)', () => {
  it('leaves text that nests no deeper than the kept depth as it is, brackets inside strings not counted', () => {
    const text = JSON.stringify({ text: '['.repeat(5000), escaped: '\\"[[[', list: [1, [2, { a: [3] }]] });
    expect(cutDeepNesting(text, kept).text).toBe(text);
  });

  it('gives, once parsed and limited, the same value and the same cuts as the whole text did', () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 3000 }), fc.constantFrom<'array' | 'object'>('array', 'object'), fc.jsonValue({ maxDepth: 3 }), (depth, kind, sibling) => {
        const text = JSON.stringify({ before: sibling, deep: '__deep__', after: sibling }).replace('"__deep__"', deepJson(depth, kind));
        expect(asImported(cutDeepNesting(text, kept).text)).toEqual(asImported(text));
      }),
      { numRuns: 60 },
    );
  });

  it('says where a second value follows the first, without reading past it', () => {
    const text = `${deepJson(10_000, 'array')}\n{"b":2}`;
    const scan = cutDeepNesting(text, kept, true);
    expect(text.slice(scan.trailingAt)).toBe('{"b":2}');
  });
});

describe('deep nesting costs JSON.parse nothing (issue 25 item 8)', () => {
  afterEach(() => {
    vi.restoreAllMocks();
  });

  it('a few 400 KB lines of nested arrays never reach JSON.parse whole, and the report still names the cut', () => {
    const deep = '['.repeat(200_000) + ']'.repeat(200_000);
    const lines = [0, 1, 2].map((index) => JSON.stringify({
      type: 'user', uuid: `u${index}`, parentUuid: index === 0 ? null : `u${index - 1}`, sessionId: 's', timestamp: '2026-01-01T00:00:00Z',
      message: { role: 'user', content: '__deep__' },
    }).replace('"__deep__"', deep));
    const parse = vi.spyOn(JSON, 'parse');
    const result = importText(lines.join('\n'));
    const longest = Math.max(...parse.mock.calls.map(([text]) => text.length));
    expect(longest).toBeLessThan(2000);
    expect(result.report.format).toBe('claude-code');
    expect(result.transcripts[0].messages).toHaveLength(3);
    expect(result.report.errors[0].message).toMatch(/^Line 1: the value at message\.content\[0\]\[0\]\[0\]\[0\]… is nested more than 256 levels deep/);
  });
});
