import type { RunResult } from '../engine/run/events';

const resultIds = new WeakMap<RunResult, number>();
let nextResultId = 1;

/**
 * A number per result object (0 for none), for query keys: a new run's worker answers (breakdowns, retention) are
 * never served from the previous run's cache entry, even when both runs look alike.
 */
export function resultIdentity(result: RunResult | undefined): number {
  if (!result) return 0;
  let id = resultIds.get(result);
  if (id === undefined) {
    id = nextResultId++;
    resultIds.set(result, id);
  }
  return id;
}
