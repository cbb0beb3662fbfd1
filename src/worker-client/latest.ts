/** One request of a {@link latest} series: its signal, and whether its answer may still land. */
interface LatestRequest {
  /** Aborted when the request is cancelled, superseded by a newer one, or forgotten: its work should stop. */
  signal: AbortSignal;
  /** True while no newer request started and the series was not forgotten: only then may its answer land. */
  isCurrent(): boolean;
}

/** A series of requests where the latest wins (see {@link latest}). */
interface Latest {
  /** Starts a request: the one before it is aborted and is no longer current. */
  next(): LatestRequest;
  /** Stops the current request's work; it stays current, so its (cancelled) answer still lands. */
  cancel(): void;
  /** Stops the current request's work and drops its answer: no request is current afterwards. */
  forget(): void;
}

/**
 * "Latest request wins": an import, a compaction, a count or a prediction that a newer one supersedes must neither
 * keep working nor land its late answer over the newer one. One helper instead of a hand-written counter per caller.
 * `cancel` and `forget` differ on purpose: a user's Cancel still shows the cancelled run, a superseded one shows nothing.
 * One request may carry several calls at once — the Session tab's replays of A and B take its one signal, so they start,
 * stop and are superseded together — which needs nothing more than handing each call the same request.
 */
export function latest(): Latest {
  let current: { controller: AbortController } | undefined;
  return {
    next() {
      current?.controller.abort();
      const request = { controller: new AbortController() };
      current = request;
      return { signal: request.controller.signal, isCurrent: () => current === request };
    },
    cancel() {
      current?.controller.abort();
    },
    forget() {
      current?.controller.abort();
      current = undefined;
    },
  };
}
