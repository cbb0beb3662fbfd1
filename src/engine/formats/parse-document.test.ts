import { describe, expect, it } from 'vitest';
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
