import { describe, expect, it } from 'vitest';
import { describeJsonError, locate, parseDocument } from './parse-document';

describe('parseDocument', () => {
  it('reads one JSON value', () => {
    const document = parseDocument('{"messages": []}');
    expect(document.kind).toBe('json');
  });

  it('reads JSONL, keeps the good lines and locates the bad ones', () => {
    const document = parseDocument('{"a":1}\n{"b": tru\n\n{"c":3}\nnot json\n');
    expect(document.kind).toBe('jsonl');
    if (document.kind !== 'jsonl') return;
    expect(document.records.map((record) => record.line)).toEqual([1, 4]);
    expect(document.totalLines).toBe(4);
    expect(document.badLines.map((issue) => issue.line)).toEqual([2, 5]);
    expect(document.badLines[0].column).toBeGreaterThan(1);
  });

  it('treats a JSON document with a syntax error as text carrying the located error', () => {
    const document = parseDocument('{\n  "messages": [\n    {"role": oops}\n  ]\n}');
    expect(document.kind).toBe('text');
    if (document.kind !== 'text') return;
    expect(document.jsonError?.line).toBe(3);
    expect(document.jsonError?.column).toBe(14);
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
