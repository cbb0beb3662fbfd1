import { applyRepair, repairToolPairingSeed, type RunState } from '../auto-compactor/parts';
import type { InPlaceOutcome } from './in-place-stages';

/** Puts an in-place stage's output into the run state; only source messages carry fates. */
export function applyInPlace(state: RunState, outcome: InPlaceOutcome): void {
  if (outcome.changed === 0) return;
  for (const [id, fate] of outcome.fates) if (state.fates.has(id)) state.fates.set(id, fate);
  state.messages = outcome.messages;
}

/**
 * Seed 1's newest tool-pair repair (`tool_pairing.dart` at 0321a678) over the current list, recorded in the state
 * (fates of moved, renamed or dropped messages, the notes and synthetic results it inserts): a reused call id gets
 * `_2`, `_3`, … on the call and its result, since strict providers refuse a request that repeats one. Returns how
 * many messages it touched; a valid list is left as it is.
 */
export function repairState(state: RunState, idPrefix: string): number {
  return applyRepair(state, repairToolPairingSeed(state.messages, idPrefix));
}

