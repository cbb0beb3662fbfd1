import { describe, expect, it } from 'vitest';
import { cancelledError, engineError } from './errors';
import { failedRunResult } from './failed-run';
import type { Message } from '../transcript/model';

const messages: Message[] = [{ id: 'm1', role: 'user', origin: 'human', blocks: [{ kind: 'text', text: 'hello' }], sourceRef: {}, raw: null }];

describe('failedRunResult', () => {
  it('hands the input back unchanged, with no pass and no call, and the tokens as both figures', () => {
    const error = engineError('internal', 'boom');
    const result = failedRunResult({ profile: 'unified', messages, error, tokens: 42 });
    expect(result).toEqual({ profile: 'unified', success: false, cancelled: false, tokensBefore: 42, tokensAfter: 42, passes: [], summarizerCalls: 0, messages, error });
    expect(result.messages).not.toBe(messages);
    expect('carryState' in result).toBe(false);
  });

  it('is cancelled exactly when its error is the user abort, and keeps the carried state', () => {
    const result = failedRunResult({ profile: 'rolling-summary', messages, error: cancelledError(), carryState: { summary: 'S' } });
    expect(result).toMatchObject({ cancelled: true, tokensBefore: 0, tokensAfter: 0, carryState: { summary: 'S' }, error: { code: 'cancelled', message: 'compaction cancelled by the user' } });
  });
});
