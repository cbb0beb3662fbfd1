/**
 * Settles with `work`, or rejects with `abortError` as soon as `signal` aborts — so a user abort stops the run at once
 * even when a summarizer ignores its signal. The listener is removed when `work` settles first.
 */
export function raceAbort<T>(work: Promise<T>, signal: AbortSignal | undefined, abortError: unknown): Promise<T> {
  if (!signal) return work;
  if (signal.aborted) return Promise.reject(abortError);
  return new Promise<T>((resolve, reject) => {
    const onAbort = () => reject(abortError);
    signal.addEventListener('abort', onAbort, { once: true });
    work.then(
      (value) => {
        signal.removeEventListener('abort', onAbort);
        resolve(value);
      },
      (error: unknown) => {
        signal.removeEventListener('abort', onAbort);
        reject(error);
      },
    );
  });
}
