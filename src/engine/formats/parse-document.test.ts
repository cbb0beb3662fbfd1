import { afterEach, describe, expect, it, vi } from 'vitest';
import { describeJsonError, locate, parseDocument } from './parse-document';

describe('parseDocument', () => {
  it('reads one JSON value', () => {
    const parsed = parseDocument('{"messages": []}');
    expect(parsed.kind).toBe('json');
  });

  it('reads JSONL, keeps the good lines and locates the bad ones', () => {
    const parsed = parseDocument('{"a":1}\n{"b": tru\n\n{"c":3}\nnot json\n');
    expect(parsed.kind).toBe('jsonl');
    if (parsed.kind !== 'jsonl') return;
    expect(parsed.records.map((record) => record.line)).toEqual([1, 4]);
    expect(parsed.totalLines).toBe(4);
    expect(parsed.badLines.map((issue) => issue.line)).toEqual([2, 5]);
    expect(parsed.badLines[0].column).toBeGreaterThan(1);
  });

  it('treats a JSON parsed with a syntax error as text carrying the located error', () => {
    const parsed = parseDocument('{\n  "messages": [\n    {"role": oops}\n  ]\n}');
    expect(parsed.kind).toBe('text');
    if (parsed.kind !== 'text') return;
    expect(parsed.jsonError?.line).toBe(3);
    expect(parsed.jsonError?.column).toBe(14);
  });

  it('keeps plain text as text', () => {
    expect(parseDocument('User: hi\nAssistant: hello').kind).toBe('text');
  });

  it('strips a byte-order mark', () => {
    expect(parseDocument('\ufeff[{"role":"user","content":"hi"}]').kind).toBe('json');
  });

  it('never echoes the hostile input into an error message', () => {
    const issue = describeJsonError(new SyntaxError('Unexpected token \'<\', "<script>alert(1)</script>" is not valid JSON'), '<script>');
    expect(issue.message).not.toContain('<script>');
  });
});

describe('locate', () => {
  it('turns an offset into a 1-based line and column', () => {
    expect(locate('ab\ncd\nef', 0)).toEqual({ line: 1, column: 1 });
    expect(locate('ab\ncd\nef', 4)).toEqual({ line: 2, column: 2 });
    expect(locate('ab\ncd\nef', 6)).toEqual({ line: 3, column: 1 });
  });
});

describe('parseDocument on mixed text', () => {
  it('keeps a text paste with a single JSON line as text', () => {
    expect(parseDocument('User: run this\n{"a": 1}\nAssistant: done\nUser: thanks').kind).toBe('text');
  });
});

describe('parseDocument on text full of lines that open with a bracket', () => {
  afterEach(() => {
    vi.restoreAllMocks();
  });

  it('does not try a JSON parse per line when the line cannot close as JSON (log levels, checklists)', () => {
    const lines = Array.from({ length: 2_000 }, (_, index) => (index % 2 === 0 ? `[INFO] step ${index} done` : `[ ] item ${index}, {still open`));
    const parse = vi.spyOn(JSON, 'parse');
    const parsed = parseDocument(['User: the build log', ...lines].join('\n'));
    expect(parsed.kind).toBe('text');
    expect(parse).not.toHaveBeenCalled();
  });

  it('describes a text paste\'s bracket lines only if the document turns out to be JSONL', () => {
    const parse = vi.spyOn(JSON, 'parse');
    // Each line closes its bracket, so each is tried once; none is described (a second parse) because this is text.
    parseDocument(['User: see', '[x] [done]', '{not: json}', 'more prose', 'and more'].join('\n'));
    expect(parse).toHaveBeenCalledTimes(2);
  });

  it('keeps the exact JSON error of a bad JSONL line that does not close its bracket (a truncated record)', () => {
    const parsed = parseDocument('{"a":1}\n{"b":2}\n{"c": [1, 2');
    expect(parsed.kind).toBe('jsonl');
    if (parsed.kind !== 'jsonl') return;
    expect(parsed.badLines).toHaveLength(1);
    expect(parsed.badLines[0].line).toBe(3);
    expect(parsed.badLines[0].column).toBeGreaterThan(1);
    expect(parsed.badLines[0].message).not.toBe('not a JSON value');
  });
});

