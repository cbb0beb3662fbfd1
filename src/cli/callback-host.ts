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

/** The two-tier config field each kind of call runs, as the user wrote it in the config. */
const fieldOf: Record<CallbackRequest['kind'], string> = { mask: 'maskCallback', compress: 'compressCallback', custom: 'customCompactor' };

/** Seconds as the user gave them (`--callback-budget 2` reads back as 2 s, 0.3 as 0.3 s). */
const seconds = (milliseconds: number): string => `${milliseconds / 1000} s`;

/**
 * Runs callback requests in a worker thread, one at a time, all of them within `budgetMs` together: the budget bounds
 * the whole run or replay, not each call, so a callback called at every checkpoint cannot multiply it. Each call's
 * time is counted from when the thread has the request (starting a thread costs no call its budget). A call still
 * running when what is left of the budget passes fails with the runner's timeout error and its thread is stopped;
 * from then on the budget is spent (`exhausted` says which field spent it), and every later call fails at once
 * without running. `close` stops the thread for good.
 */
export class CallbackHost {
  private thread?: CallbackThread;
  private queue: Promise<unknown> = Promise.resolve();
  private usedMs = 0;
  private exhaustion?: string;

  constructor(private readonly budgetMs: number) {}

  /** Why no further call runs — the budget is spent, and by which field — or undefined while calls may run. */
  get exhausted(): string | undefined {
    return this.exhaustion;
  }

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
    if (this.exhaustion) throw new Error(`not run: the callbacks' ${seconds(this.budgetMs)} budget is spent`);
    if (!this.thread?.isAlive) this.thread = new CallbackThread(this.budgetMs);
    const thread = this.thread;
    await thread.ready;
    const leftMs = this.budgetMs - this.usedMs;
    const startedMs = performance.now();
    return new Promise<CallbackReply>((resolve, reject) => {
      const timer = setTimeout(() => {
        if (this.thread === thread) this.thread = undefined;
        void thread.stop();
        this.spend(request, this.budgetMs);
        // A call that had the whole budget says so as it always did; one that had only what earlier calls left, says that.
        reject(leftMs === this.budgetMs ? callbackTimeoutError(this.budgetMs) : new Error(`timed out: the callback did not finish within the ${seconds(leftMs)} left of the callbacks' ${seconds(this.budgetMs)} budget`));
      }, leftMs);
      thread
        .call(request)
        .then(resolve, reject)
        .finally(() => {
          clearTimeout(timer);
          this.spend(request, this.usedMs + performance.now() - startedMs);
        });
    });
  }

  /** Counts a call's time; the call that reaches the budget spends it, and is named as the one that did. */
  private spend(request: CallbackRequest, usedMs: number): void {
    if (this.exhaustion) return;
    this.usedMs = Math.min(this.budgetMs, usedMs);
    if (this.usedMs < this.budgetMs) return;
    this.exhaustion = `${fieldOf[request.kind]} did not finish within the callbacks' ${seconds(this.budgetMs)} budget (--callback-budget), so no further callback runs`;
  }
}
