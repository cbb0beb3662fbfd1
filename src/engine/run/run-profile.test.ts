import { describe, expect, it } from 'vitest';
import { charsPerTokenCounter } from '../tokens/token-counter';
import type { Message } from '../transcript/model';
import type { CompactionEvent, PassSnapshot, RunResult } from './events';
import { FakeClock } from './fake-clock.test-support';
import type { EnginePorts } from './ports';
import type { Profile, ProfileRunInput } from './profile';
import { runProfile } from './run-profile';

const messages: Message[] = [{ id: 'm1', role: 'user', origin: 'human', blocks: [{ kind: 'text', text: 'twelve chars' }], sourceRef: {}, raw: null }];

function setup(run: Profile<unknown>['run'], signal?: AbortSignal) {
  const events: CompactionEvent[] = [];
  let calls = 0;
  const profile: Profile<unknown> = {
    id: 'test-profile',
    run: (input) => {
      calls += 1;
      return run(input);
    },
  };
  const ports: EnginePorts = { counter: charsPerTokenCounter(4), clock: new FakeClock(), summarizers: {}, signal };
  const input: ProfileRunInput<unknown> = { messages, config: {}, ports, onEvent: (event) => events.push(event), carryState: { kept: true } };
  return { profile, input, events, callCount: () => calls };
}

describe('runProfile', () => {
  it('passes a profile’s own result through, adding only the exact counts of its input and output', async () => {
    const own: RunResult = { profile: 'test-profile', success: true, cancelled: false, tokensBefore: 3, tokensAfter: 3, passes: [], summarizerCalls: 0, messages };
    const { profile, input, events } = setup(async () => own);
    expect(await runProfile(profile, input)).toEqual({ ...own, exact: { encoding: 'cl100k_base', before: 3, after: 3 } });
    expect(own.exact, 'the profile’s own object is not changed').toBeUndefined();
    expect(events).toEqual([]);
  });

  it('turns a thrown Error into a run-error event and a failed result with an internal error', async () => {
    const { profile, input, events } = setup(async () => {
      throw new Error('boom');
    });
    const result = await runProfile(profile, input);
    const error = { code: 'internal', message: 'The test-profile profile failed unexpectedly: boom', isRetryable: false };
    expect(result).toEqual({
      profile: 'test-profile', success: false, cancelled: false, tokensBefore: 3, tokensAfter: 3, passes: [], summarizerCalls: 0,
      messages, error, carryState: { kept: true }, exact: { encoding: 'cl100k_base', before: 3, after: 3 },
    });
    expect(events).toEqual([{ type: 'run-error', error }]);
  });

  it('catches a synchronous throw of a non-Error value, even when the event sink throws too', async () => {
    const { profile, input } = setup(() => {
      throw 'plain string';
    });
    const result = await runProfile(profile, { ...input, onEvent: () => { throw new Error('sink broke'); } });
    expect(result.error).toEqual({ code: 'internal', message: 'The test-profile profile failed unexpectedly: plain string', isRetryable: false });
  });

  it('returns cancelled without calling the profile when the signal is already aborted', async () => {
    const controller = new AbortController();
    controller.abort();
    const { profile, input, events, callCount } = setup(async () => {
      throw new Error('must not run');
    }, controller.signal);
    const result = await runProfile(profile, input);
    expect(callCount()).toBe(0);
    expect(result).toMatchObject({ success: false, cancelled: true, error: { code: 'cancelled' }, messages });
    expect(events).toEqual([{ type: 'run-end', result }]);
  });
});

describe('runProfile measures every state exactly', () => {
  const source: Message[] = [
    { id: 'u1', role: 'user', origin: 'human', blocks: [{ kind: 'text', text: 'x'.repeat(40) }], sourceRef: {}, raw: null },
    { id: 'a1', role: 'assistant', origin: 'model', blocks: [{ kind: 'text', text: 'y'.repeat(80) }], sourceRef: {}, raw: null },
  ];
  const system: Message = { id: 'sys', role: 'system', origin: 'injected', blocks: [{ kind: 'text', text: 's'.repeat(20) }], sourceRef: {}, raw: null };
  const summary: Message = { id: 'summary-1', role: 'user', origin: 'summary', blocks: [{ kind: 'text', text: 'z'.repeat(8) }], sourceRef: {}, raw: null };
  const snapshot = (pass: number, output: Message[], fates: PassSnapshot['fates']): PassSnapshot => ({
    pass, tokensBefore: 999, tokensAfter: 111, strategy: 'llm-summary', attempts: 1, ok: true, messages: output, fates, insertions: [{ id: 'summary-1', kind: 'summary' }],
    lint: { orphanResults: [], unansweredCalls: [], adjacencyBreaks: [] }, flags: [], durationMs: 0,
  });

  /** Two passes: the first folds u1 into a summary, the second only rewrites that summary the same size. */
  const twoPasses: Profile<unknown>['run'] = async ({ onEvent }) => {
    onEvent({ type: 'run-start', profile: 'scripted', tokensBefore: 999, messageCount: 2 });
    onEvent({ type: 'gate', shouldCompact: true, tokens: 999, threshold: 1, reason: 'scripted' });
    const passes = [
      snapshot(1, [summary, source[1]], { u1: { kind: 'summarized', summaryId: 'summary-1' }, a1: { kind: 'kept' } }),
      snapshot(2, [{ ...summary }, source[1]], { u1: { kind: 'summarized', summaryId: 'summary-1' }, a1: { kind: 'kept' } }),
    ];
    for (const pass of passes) {
      onEvent({ type: 'pass-start', pass: pass.pass, tokensBefore: 999 });
      onEvent({ type: 'pass-end', snapshot: pass });
    }
    const result: RunResult = { profile: 'scripted', success: true, cancelled: false, tokensBefore: 999, tokensAfter: 111, passes, summarizerCalls: 2, messages: passes[1].messages };
    onEvent({ type: 'run-end', result });
    return result;
  };

  it('puts exact counts on the events and the result, and flags the pass that changed nothing', async () => {
    const events: CompactionEvent[] = [];
    const ports: EnginePorts = { counter: charsPerTokenCounter(4), clock: new FakeClock(), summarizers: {} };
    const result = await runProfile({ id: 'scripted', run: twoPasses }, { messages: source, system, config: {}, ports, onEvent: (event) => events.push(event) }, { counter: charsPerTokenCounter(2, 'o200k_base') });
    // Counted with the measuring counter (chars/2): system 10, u1 20, a1 40, summary 4.
    expect(events[0]).toMatchObject({ type: 'run-start', tokensBefore: 999, exactTokens: 70 });
    expect(events[1]).toMatchObject({ type: 'gate', tokens: 999, exactTokens: 70 });
    expect(events[2]).toMatchObject({ type: 'pass-start', pass: 1, exactTokensBefore: 70 });
    const ends = events.flatMap((event) => (event.type === 'pass-end' ? [event.snapshot] : []));
    expect(ends.map((pass) => [pass.exact, pass.flags])).toEqual([
      [{ before: 70, after: 54 }, []],
      [{ before: 54, after: 54 }, ['no-op']],
    ]);
    expect(result.exact).toEqual({ encoding: 'o200k_base', before: 70, after: 54, system: 10 });
    expect(result.passes, 'the result carries the same measured snapshots as the events').toEqual(ends);
    expect(events.at(-1)).toEqual({ type: 'run-end', result });
  });

  it('measures the result’s passes in order from the original, even when they are copies or were never emitted', async () => {
    const copies: Profile<unknown>['run'] = async (input) => {
      const result = await twoPasses(input);
      return { ...result, passes: result.passes.map((pass) => ({ ...pass })) };
    };
    const ports: EnginePorts = { counter: charsPerTokenCounter(4), clock: new FakeClock(), summarizers: {} };
    const result = await runProfile({ id: 'copies', run: copies }, { messages: source, system, config: {}, ports, onEvent: () => {} }, { counter: charsPerTokenCounter(2, 'o200k_base') });
    expect(result.passes.map((pass) => [pass.exact, pass.flags])).toEqual([
      [{ before: 70, after: 54 }, []],
      [{ before: 54, after: 54 }, ['no-op']],
    ]);
  });
});
