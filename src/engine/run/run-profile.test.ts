import { describe, expect, it } from 'vitest';
import { charsPerTokenCounter } from '../tokens/token-counter';
import type { Message } from '../transcript/model';
import type { CompactionEvent, RunResult } from './events';
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
  it('passes a profile’s own result through untouched', async () => {
    const own: RunResult = { profile: 'test-profile', success: true, cancelled: false, tokensBefore: 3, tokensAfter: 3, passes: [], summarizerCalls: 0, messages };
    const { profile, input, events } = setup(async () => own);
    expect(await runProfile(profile, input)).toBe(own);
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
      messages, error, carryState: { kept: true },
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
