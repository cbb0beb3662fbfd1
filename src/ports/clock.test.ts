import { describe, expect, it } from 'vitest';
import { realClock } from './clock';

describe('realClock', () => {
  it('sleeps, and an abort ends the sleep at once with the abort reason', async () => {
    await expect(realClock.sleep(1)).resolves.toBeUndefined();
    const controller = new AbortController();
    const sleeping = realClock.sleep(60_000, controller.signal);
    controller.abort(new Error('user cancelled'));
    await expect(sleeping).rejects.toThrow('user cancelled');
    const already = new AbortController();
    already.abort(new Error('before'));
    await expect(realClock.sleep(60_000, already.signal)).rejects.toThrow('before');
  });
});
