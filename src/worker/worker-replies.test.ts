import { describe, expect, it } from 'vitest';
import { createLabApi } from './lab-api';
import { reply, superseded } from './worker-replies';

describe('worker replies (no method throws across the boundary)', () => {
  it('answers a throw inside a method as an error in words', async () => {
    const api = createLabApi();
    expect(await api.describeConfig('no-such-profile')).toMatchObject({ ok: false, error: { code: 'internal', message: expect.stringContaining('Unknown profile no-such-profile'), isRetryable: false } });
    // A file that cannot be read any more (deleted or revoked after it was chosen).
    class UnreadableFile extends Blob {
      override arrayBuffer(): Promise<ArrayBuffer> {
        return Promise.reject(new Error('the file went away'));
      }
    }
    const unreadable = new UnreadableFile(['x']);
    expect(await api.importFile(unreadable, 'gone.jsonl')).toEqual({ ok: false, error: { code: 'internal', message: 'the file went away', isRetryable: false } });
  });

  it('answers a refusal with its own code, and a value as ok', async () => {
    expect(await reply(() => 42)).toEqual({ ok: true, value: 42 });
    expect(await reply(() => {
      throw superseded();
    })).toMatchObject({ ok: false, error: { code: 'cancelled' } });
    expect(await reply(() => Promise.reject('plain text'))).toEqual({ ok: false, error: { code: 'internal', message: 'plain text', isRetryable: false } });
  });

  it('answers a transcript key it never gave out with an unknown-transcript error on every method that takes one', async () => {
    const api = createLabApi();
    const unknown = { ok: false, error: { code: 'unknown-transcript', message: 'Unknown run import-9/run-0: it was replaced by a newer import.', isRetryable: false } };
    expect(await api.countTokens('import-9/run-0', 'o200k_base', () => {})).toEqual(unknown);
    expect(await api.compact({ transcriptKey: 'import-9/run-0', config: {} }, () => {})).toEqual(unknown);
    expect(await api.breakdownPasses({ transcriptKey: 'import-9/run-0' }, 'o200k_base')).toEqual(unknown);
    expect(await api.predictRun('import-9/run-0', {}, 'o200k_base')).toEqual(unknown);
  });
});
