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
      text: 'Failed: still over the gate after 8 passes; passes 3–8 changed nothing.', tone: 'error',
    });
    const unreachable = result({ success: false, error: { code: 'http-401', message: 'ProviderCallError: HTTP 401 from api.example.com: bad key', isRetryable: false } });
    expect(outcomeSentence({ status: 'failed', result: unreachable, flags: [] })?.text).toBe('Failed after 1 pass: api.example.com answered HTTP 401: the key was refused.');
    expect(outcomeSentence({ status: 'failed', problem: 'The config is not valid JSON: Unexpected end', flags: [] })?.text).toBe('Failed: The config is not valid JSON: Unexpected end.');
    // A run refused before it began (a held context the worker could not open) leaves the last result on screen: the
    // sentence says the refusal, never the old run's "Done".
    expect(outcomeSentence({ status: 'failed', result: result({}), problem: 'no readable compaction by the agent', flags: [] })).toEqual({
      text: 'Failed: no readable compaction by the agent. The views still show the previous run.', tone: 'error',
    });
  });

  it('says done with its figures and calls, plurals right; cancelled; nothing while running or idle', () => {
    expect(outcomeSentence({ status: 'done', result: result({}), flags: [], tokens: { before: '140,594', after: '21,420' } })).toEqual({
      text: 'Done in 1 pass: 140,594 → 21,420 context tokens, 1 summarizer call.', tone: 'success',
    });
    expect(outcomeSentence({ status: 'done', result: result({ passes: [] , summarizerCalls: 0 }), flags: [] })?.text).toBe('Done: no compaction needed, the context is under the gate.');
    expect(outcomeSentence({ status: 'done', result: result({ passes: [pass(1), pass(2)], summarizerCalls: 2 }), flags: [noOp(2)] })).toEqual({
      text: 'Done in 2 passes, 2 summarizer calls; pass 2 changed nothing.', tone: 'warning',
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

  it('never says done for a success its flags contradict: over the window and replaced nothing are errors, a wipe a warning', () => {
    const overWindow: OutcomeFlag = { kind: 'over-window', context: 70_153, window: 60_000, message: 'The context after the run is 70,153 …' };
    const disagrees: OutcomeFlag = { kind: 'estimate-disagrees', estimate: 39_631, context: 70_153, trigger: 43_616, message: '…' };
    expect(outcomeSentence({ status: 'done', result: result({ summarizerCalls: 0 }), flags: [disagrees, overWindow], tokens: { before: '158,781', after: '70,153' } })).toEqual({
      text: 'Over the window: the next call would be refused — 1 pass: 158,781 → 70,153 context tokens, 0 summarizer calls; the exact count says the context is still over the trigger (see the log).',
      tone: 'error',
    });
    expect(outcomeSentence({ status: 'done', result: result({}), flags: [noOp(1), { kind: 'replaced-nothing', message: '…' }] })).toEqual({
      text: 'Replaced nothing: the history is as it was — 1 pass, 1 summarizer call.', tone: 'error',
    });
    expect(outcomeSentence({ status: 'done', result: result({}), flags: [{ kind: 'history-wiped', kept: 51, history: 118_543, message: '…' }] })).toEqual({
      text: 'History wiped: kept 51 of 118,543 tokens — 1 pass, 1 summarizer call.', tone: 'warning',
    });
    // A failed run over the window says both.
    const failed = result({ success: false, error: { code: 'max-passes', message: 'still over the gate after 1 pass', isRetryable: false } });
    expect(outcomeSentence({ status: 'failed', result: failed, flags: [overWindow] })?.text).toBe('Failed: still over the gate after 1 pass; the context is over the window: the next call would be refused.');
  });
});
