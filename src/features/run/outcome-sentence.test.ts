import { describe, expect, it } from 'vitest';
import type { OutcomeFlag, PassSnapshot, RunResult } from '../../engine';
import { outcomeSentence, passList } from './outcome-sentence';

const pass = (number: number): PassSnapshot => ({
  pass: number, tokensBefore: 100, tokensAfter: 90, strategy: 'llm-summary', attempts: 1, ok: true, messages: [], fates: {}, insertions: [],
  lint: { orphanResults: [], unansweredCalls: [], adjacencyBreaks: [] }, flags: [], durationMs: 5,
});
const result = (fields: Partial<RunResult>): RunResult => ({
  profile: 'auto-compactor', success: true, cancelled: false, tokensBefore: 100, tokensAfter: 90, passes: [pass(1)], summarizerCalls: 1, messages: [], ...fields,
});
const noOp = (number: number): OutcomeFlag => ({ kind: 'no-op-pass', pass: number, message: `Pass ${number} replaced nothing` });

describe('outcomeSentence', () => {
  it('says a failure and why, with the pass count only when the reason lacks it, and its flags', () => {
    const stalled = result({ success: false, passes: [1, 2, 3, 4, 5, 6, 7, 8].map(pass), summarizerCalls: 8, error: { code: 'max-passes', message: 'still over the gate after 8 passes', isRetryable: false } });
    expect(outcomeSentence({ status: 'failed', result: stalled, flags: [3, 4, 5, 6, 7, 8].map(noOp) })).toEqual({
      text: 'Failed: still over the gate after 8 passes; passes 3–8 replaced nothing (no-op).', tone: 'error',
    });
    const unreachable = result({ success: false, error: { code: 'http-401', message: 'ProviderCallError: HTTP 401 from api.example.com: bad key', isRetryable: false } });
    expect(outcomeSentence({ status: 'failed', result: unreachable, flags: [] })?.text).toBe('Failed after 1 pass: api.example.com answered HTTP 401: the key was refused.');
    expect(outcomeSentence({ status: 'failed', problem: 'The config is not valid JSON: Unexpected end', flags: [] })?.text).toBe('Failed: The config is not valid JSON: Unexpected end.');
  });

  it('says done with its figures and calls, plurals right; cancelled; nothing while running or idle', () => {
    expect(outcomeSentence({ status: 'done', result: result({}), flags: [], tokens: { before: '140,594', after: '21,420' } })).toEqual({
      text: 'Done in 1 pass: 140,594 → 21,420 context tokens, 1 summarizer call.', tone: 'success',
    });
    expect(outcomeSentence({ status: 'done', result: result({ passes: [] , summarizerCalls: 0 }), flags: [] })?.text).toBe('Done: no compaction needed, the context is under the gate.');
    expect(outcomeSentence({ status: 'done', result: result({ passes: [pass(1), pass(2)], summarizerCalls: 2 }), flags: [noOp(2)] })).toEqual({
      text: 'Done in 2 passes, 2 summarizer calls; pass 2 replaced nothing (no-op).', tone: 'warning',
    });
    expect(outcomeSentence({ status: 'cancelled', result: result({ cancelled: true, success: false, passes: [] }), flags: [] })?.text).toBe('Cancelled before the first pass ended.');
    expect(outcomeSentence({ status: 'running', flags: [] })).toBeUndefined();
    expect(outcomeSentence({ status: 'idle', flags: [] })).toBeUndefined();
  });

  it('cuts an overlong reason at a word, pointing to the log', () => {
    const long = result({ success: false, error: { code: 'impossible-settings', message: `These settings cannot work as set: ${'word '.repeat(80)}`, isRetryable: false } });
    const text = outcomeSentence({ status: 'failed', result: long, flags: [] })?.text ?? '';
    expect(text.length).toBeLessThan(260);
    expect(text).toMatch(/word … \(the log has the rest\)$/);
  });

  it('joins pass numbers into runs', () => {
    expect(passList([4])).toBe('pass 4');
    expect(passList([7, 2, 5, 8])).toBe('passes 2, 5 and 7–8');
  });
});
