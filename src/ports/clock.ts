import type { Clock } from '../engine';

/** The wall clock, for the worker and the CLI: milliseconds from `performance.now()`, sleeps that abort promptly. */
export const realClock: Clock = {
  now: () => performance.now(),
  sleep: (durationMs, signal) =>
    new Promise((resolve, reject) => {
      if (signal?.aborted) {
        reject(signal.reason ?? new Error('aborted'));
        return;
      }
      const timer = setTimeout(() => {
        signal?.removeEventListener('abort', onAbort);
        resolve();
      }, durationMs);
      const onAbort = () => {
        clearTimeout(timer);
        reject(signal?.reason ?? new Error('aborted'));
      };
      signal?.addEventListener('abort', onAbort, { once: true });
    }),
};
