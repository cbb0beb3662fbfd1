import type { Clock } from './ports';

interface Timer {
  wakeAt: number;
  resolve(): void;
}

/**
 * A virtual clock for tests: `sleep` costs no real time. Time jumps to the earliest pending timer only when nothing
 * else can run (checked on the next macrotask), so a 300 s budget racing a 400 s hang fires the budget first.
 */
export class FakeClock implements Clock {
  private current = 0;
  private timers: Timer[] = [];
  private isScheduled = false;
  /** Every sleep requested, in milliseconds, in order (backoff assertions read it). */
  readonly sleeps: number[] = [];

  now(): number {
    return this.current;
  }

  sleep(durationMs: number, signal?: AbortSignal): Promise<void> {
    this.sleeps.push(durationMs);
    return new Promise((resolve, reject) => {
      if (signal?.aborted) {
        reject(signal.reason ?? new Error('aborted'));
        return;
      }
      const timer: Timer = { wakeAt: this.current + durationMs, resolve };
      signal?.addEventListener('abort', () => {
        this.timers = this.timers.filter((candidate) => candidate !== timer);
        reject(signal.reason ?? new Error('aborted'));
      }, { once: true });
      this.timers.push(timer);
      this.schedule();
    });
  }

  /** Advances virtual time by hand (for budget checks between attempts). */
  advance(durationMs: number): void {
    this.current += durationMs;
  }

  private schedule(): void {
    if (this.isScheduled) return;
    this.isScheduled = true;
    setImmediate(() => {
      this.isScheduled = false;
      if (this.timers.length === 0) return;
      this.timers.sort((a, b) => a.wakeAt - b.wakeAt);
      const next = this.timers.shift();
      if (!next) return;
      this.current = Math.max(this.current, next.wakeAt);
      next.resolve();
      if (this.timers.length > 0) this.schedule();
    });
  }
}
