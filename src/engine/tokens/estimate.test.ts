import { describe, expect, it } from 'vitest';
import { classifyTextKind, estimateTokens, piMessageTokenEstimate, quarterCharsTokens, utf8ByteLength, utf8QuarterTokens } from './estimate';
import { testMessage } from './test-messages';

describe('per-kind estimate', () => {
  it('classifies prose and code as prose, JSON and timestamped logs as structured', () => {
    expect(classifyTextKind('The agent read the file and then summarized what it had learned so far.')).toBe('prose');
    expect(classifyTextKind('export function add(a: number, b: number) {\n  return a + b;\n}')).toBe('prose');
    expect(classifyTextKind('{"id":"x-1","score":12.5,"tags":["a","b"],"usage":{"input":1200}}')).toBe('structured');
    expect(classifyTextKind('2026-02-23T12:41:04.123Z INFO [main] 200 GET /api/v1/items 12ms')).toBe('structured');
    expect(classifyTextKind('')).toBe('prose');
  });

  it('divides by 4.2 for prose and 2.65 for structured text, rounding up', () => {
    const prose = 'word '.repeat(84);
    expect(estimateTokens(prose)).toBe(100);
    const json = '{"a":1}'.repeat(53);
    expect(classifyTextKind(json)).toBe('structured');
    expect(estimateTokens(json)).toBe(Math.ceil(371 / 2.65));
    expect(estimateTokens('')).toBe(0);
  });
});

describe('seed estimators', () => {
  it('seeds 1–2: ceil(len / 4), 0 for empty', () => {
    expect(quarterCharsTokens('')).toBe(0);
    expect(quarterCharsTokens('abcde')).toBe(2);
    expect(quarterCharsTokens('x'.repeat(400))).toBe(100);
  });

  it('seed 1 per message: text + thinking + name + JSON args + results, 4,800 chars per image', () => {
    const assistant = testMessage('assistant', [
      { kind: 'thinking', text: 'abcd' },
      { kind: 'text', text: 'efgh' },
      { kind: 'tool_call', callId: 'c', name: 'ls', args: { a: 1 }, argsRaw: '{ "a" : 1 }' },
    ]);
    expect(piMessageTokenEstimate(assistant)).toBe(Math.ceil((4 + 4 + 2 + 7) / 4));
    const user = testMessage('user', [{ kind: 'text', text: 'hi' }, { kind: 'image', source: 'base64' }]);
    expect(piMessageTokenEstimate(user)).toBe(Math.ceil(4802 / 4));
  });

  it('seed 3: floor(Σ UTF-8 bytes / 4) after summing (conformance: 400 + 400 chars → 200)', () => {
    expect(utf8QuarterTokens(['x'.repeat(400), 'y'.repeat(400)])).toBe(200);
    expect(utf8QuarterTokens(['abc', 'de'])).toBe(1);
    expect(utf8ByteLength('é中🚀\ud800')).toBe(2 + 3 + 4 + 3);
  });
});
