import { Worker } from 'node:worker_threads';
import type { EvalJob, EvalThreadData, EvalThreadMessage } from './eval-protocol';

/** What the pool reports as threads answer: each row, each skipped file, and each file finished. */
export type EvalListener = (message: Exclude<EvalThreadMessage, { type: 'ready' }>) => void;

/**
 * One eval thread (eval-thread.mjs, which loads its TypeScript through tsx as bin.mjs loads the CLI's), fed one file at
 * a time. Resolves when the queue is empty. A thread that dies (out of memory on a huge file, a bug) has its file
 * reported as skipped with the reason, and a fresh thread takes the rest of the queue: no file can stop the corpus.
 * A thread that fails before it is ready is not replaced (its successor would fail alike): it resolves with the reason.
 */
function runThread(queue: string[], data: EvalThreadData, listener: EvalListener): Promise<string | undefined> {
  return new Promise((resolve) => {
    const worker = new Worker(new URL('./eval-thread.mjs', import.meta.url), { workerData: data });
    let current: string | undefined;
    let isReady = false;
    let isOver = false;
    const next = (): void => {
      current = queue.shift();
      if (current === undefined) {
        isOver = true;
        void worker.terminate().then(() => resolve(undefined));
        return;
      }
      worker.postMessage({ file: current } satisfies EvalJob);
    };
    worker.on('message', (message: EvalThreadMessage) => {
      if (message.type === 'ready') {
        isReady = true;
        return next();
      }
      listener(message);
      if (message.type === 'finished') next();
    });
    const replace = (reason: string): void => {
      if (isOver) return;
      isOver = true;
      if (current !== undefined) {
        listener({ type: 'skipped', file: current, reason: `its replay's thread failed: ${reason}` });
        listener({ type: 'finished', file: current });
      }
      void worker.terminate();
      if (!isReady) return resolve(reason);
      // Files left go to a fresh thread; none left, and this thread's share is done.
      void (queue.length > 0 ? runThread(queue, data, listener) : Promise.resolve(undefined)).then(resolve);
    };
    worker.on('error', (error) => replace(error.message.split('\n')[0]));
    worker.on('exit', (code) => replace(`it stopped (exit code ${code})`));
  });
}

/**
 * Replays `files` in `jobs` worker threads (never more threads than files), each file under every policy in `data`.
 * Files are handed out one at a time from a shared queue, so a long session never holds up the short ones behind it.
 */
export async function runEvalPool(files: readonly string[], data: EvalThreadData, jobs: number, listener: EvalListener): Promise<void> {
  const queue = [...files];
  const threads = Math.min(jobs, files.length);
  const failures = await Promise.all(Array.from({ length: threads }, () => runThread(queue, data, listener)));
  // Every thread failed to start: what is left is reported, file by file, rather than dropped.
  const reason = failures.find((failure) => failure !== undefined);
  for (const file of queue.splice(0)) {
    listener({ type: 'skipped', file, reason: `no eval thread could start: ${reason ?? 'unknown reason'}` });
    listener({ type: 'finished', file });
  }
}
