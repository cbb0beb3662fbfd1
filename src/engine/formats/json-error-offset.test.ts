import { describe, expect, it } from 'vitest';
import { findJsonErrorOffset } from './json-error-offset';

/** Our scanner must agree with JSON.parse on validity for every input. */
function agreesWithJsonParse(text: string): boolean {
  let isValid = true;
  try {
    JSON.parse(text);
  } catch {
    isValid = false;
  }
  return isValid === (findJsonErrorOffset(text) === -1);
}

describe('findJsonErrorOffset', () => {
  it('accepts valid JSON of every shape', () => {
    for (const text of ['{}', '[]', ' {"a": [1, -2.5e3, true, false, null, "x\\"\\u00e9"], "b": {}} ', '"s"', '0', '[[[]]]', '{"a":{"b":[{}]}}']) {
      expect(findJsonErrorOffset(text), text).toBe(-1);
    }
  });

  it('points at the first bad character', () => {
    expect(findJsonErrorOffset('{"role": oops}')).toBe(9);
    expect(findJsonErrorOffset('[1, 2,]')).toBe(6);
    expect(findJsonErrorOffset('{"a" 1}')).toBe(5);
    expect(findJsonErrorOffset('{"a":1,}')).toBe(7);
    expect(findJsonErrorOffset('[1] x')).toBe(4);
    expect(findJsonErrorOffset('"bad \\x escape"')).toBe(5);
  });

  it('points past the end when the text stops early', () => {
    expect(findJsonErrorOffset('{"a": [1, 2')).toBe(11);
    expect(findJsonErrorOffset('"unterminated')).toBe(13);
  });

  it('agrees with JSON.parse on every truncation of a real-looking document', () => {
    const parsed = JSON.stringify({ messages: [{ role: 'user', content: 'hi "there"\n' }, { role: 'assistant', tool_calls: [{ id: 'c1', function: { arguments: '{"x":1}' } }] }], n: -1.5e-3 });
    for (let length = 0; length <= parsed.length; length += 1) {
      expect(agreesWithJsonParse(parsed.slice(0, length)), parsed.slice(0, length)).toBe(true);
    }
  });

  it('handles deep nesting without recursion', () => {
    expect(findJsonErrorOffset('['.repeat(100_000) + ']'.repeat(100_000))).toBe(-1);
  });
});
