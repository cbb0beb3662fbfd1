import { Worker } from 'node:worker_threads';
import { callbackTimeoutError } from '../ports/javascript-callback-runner';
import type { CallbackReply, CallbackRequest, ThreadMessage } from './callback-transfer';

/** The longest delay `setTimeout` honours (2^31 − 1 ms, about 24.8 days); a longer one fires at once, with a warning. */
export const maximumTimerMs = 2 ** 31 - 1;

/** How long past the CLI's budget the thread's own backstop timer waits: the CLI stops the thread first. */
const backstopMs = 1000;

/**
 * One worker thread running callbacks (callback-thread.ts), one call at a time. Stopping it ends any JavaScript still
 * running in it — a `while (true) {}` after an `await` included, which no timer in the same thread could interrupt.
 */
class CallbackThread {
  private readonly worker: Worker;
  readonly ready: Promise<void>;
  private waiting?: { resolve: (reply: CallbackReply) => void; reject: (error: Error) => void };
  private markReady!: () => void;
  private failure?: Error;

  constructor(budgetMs: number) {
    this.worker = new Worker(new URL('./callback-thread.mjs', import.meta.url), { workerData: { budgetMs: Math.min(maximumTimerMs, budgetMs + backstopMs) } });
    this.ready = new Promise((resolve, reject) => {
      this.markReady = resolve;
      this.worker.on('error', (error) => reject(this.fail(`the callback thread failed: ${error.message}`)));
      this.worker.on('exit', (code) => reject(this.fail(`the callback thread stopped (exit code ${code})`)));
    });
    // A rejected `ready` nobody awaits (the thread died between calls) is no unhandled rejection: the next call sees `isAlive`.
    this.ready.catch(() => {});
    this.worker.on('message', (message: ThreadMessage) => {
      if (message.type === 'ready') this.markReady();
      else this.settle((waiting) => waiting.resolve(message));
    });
  }

  get isAlive(): boolean {
    return this.failure === undefined;
  }

  /** Sends one request and resolves with its reply (no time limit here: the caller keeps the budget). */
  async call(request: CallbackRequest): Promise<CallbackReply> {
    await this.ready;
    this.worker.ref();
    return new Promise<CallbackReply>((resolve, reject) => {
      this.waiting = { resolve, reject };
      try {
        this.worker.postMessage(request);
      } catch (error) {
        this.settle((waiting) => waiting.reject(error instanceof Error ? error : new Error(String(error))));
      }
    }).finally(() => this.worker.unref());
  }

  /** Stops the thread, whatever it is running. */
  async stop(): Promise<void> {
    this.fail('the callback thread was stopped');
    await this.worker.terminate();
  }

  private settle(finish: (waiting: NonNullable<CallbackThread['waiting']>) => void): void {
    const { waiting } = this;
    this.waiting = undefined;
    if (waiting) finish(waiting);
  }

  /** Marks the thread dead (the first reason wins) and fails the call waiting on it. */
  private fail(reason: string): Error {
    this.failure ??= new Error(reason);
    const failure = this.failure;
    this.settle((waiting) => waiting.reject(failure));
    return failure;
  }
}

/**
 * Runs callback requests in a worker thread, one at a time, each within `budgetMs` (counted from when the thread has
 * the request, so starting a thread costs no call its budget). A call past its budget fails with the runner's timeout
 * error and its thread is stopped; the next call starts a fresh one. `close` stops the thread for good.
 */
export class CallbackHost {
  private thread?: CallbackThread;
  private queue: Promise<unknown> = Promise.resolve();

  constructor(private readonly budgetMs: number) {}

  run(request: CallbackRequest): Promise<CallbackReply> {
    const result = this.queue.then(() => this.runNow(request));
    this.queue = result.catch(() => undefined);
    return result;
  }

  async close(): Promise<void> {
    const { thread } = this;
    this.thread = undefined;
    await thread?.stop();
  }

  private async runNow(request: CallbackRequest): Promise<CallbackReply> {
    if (!this.thread?.isAlive) this.thread = new CallbackThread(this.budgetMs);
    const thread = this.thread;
    await thread.ready;
    return new Promise<CallbackReply>((resolve, reject) => {
      const timer = setTimeout(() => {
        if (this.thread === thread) this.thread = undefined;
        void thread.stop();
        reject(callbackTimeoutError(this.budgetMs));
      }, this.budgetMs);
      thread.call(request).then(resolve, reject).finally(() => clearTimeout(timer));
    });
  }
}
