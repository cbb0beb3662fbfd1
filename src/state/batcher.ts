/** The timer functions a batcher uses (the page's own; tests may pass fake ones). */
export interface BatchTimers {
  setTimeout(callback: () => void, ms: number): unknown;
  clearTimeout(handle: unknown): void;
}

const pageTimers: BatchTimers = { setTimeout: (callback, ms) => setTimeout(callback, ms), clearTimeout: (handle) => clearTimeout(handle as ReturnType<typeof setTimeout>) };

/** Work asked for often, done at most once per interval. */
export interface Batcher {
  /** Asks for the work: it runs once `intervalMs` after the first ask since it last ran, however many asks come between. */
  schedule(): void;
  /** Runs the work now if it was asked for (and not yet done). */
  flush(): void;
  /** Forgets a pending ask. */
  cancel(): void;
}

/**
 * Batches `work`: many asks within `intervalMs` of the first run it once, so a burst of updates (cells finishing,
 * writes to keep) costs the main thread one short task per interval rather than one per update.
 */
export function createBatcher(work: () => void, intervalMs: number, timers: BatchTimers = pageTimers): Batcher {
  let pending: unknown;
  let isPending = false;
  const run = () => {
    isPending = false;
    pending = undefined;
    work();
  };
  return {
    schedule() {
      if (isPending) return;
      isPending = true;
      pending = timers.setTimeout(run, intervalMs);
    },
    flush() {
      if (!isPending) return;
      timers.clearTimeout(pending);
      run();
    },
    cancel() {
      if (!isPending) return;
      timers.clearTimeout(pending);
      isPending = false;
      pending = undefined;
    },
  };
}
