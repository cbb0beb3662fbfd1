import { applyRepair, repairToolPairing, type RunState } from '../auto-compactor/parts';
import type { InPlaceOutcome } from './in-place-stages';

/** Puts an in-place stage's output into the run state; only source messages carry fates. */
export function applyInPlace(state: RunState, outcome: InPlaceOutcome): void {
  if (outcome.changed === 0) return;
  for (const [id, fate] of outcome.fates) if (state.fates.has(id)) state.fates.set(id, fate);
  state.messages = outcome.messages;
}

/**
 * Seed 1's tool-pair repair over the current list, recorded in the state (fates of moved or dropped messages, the
 * notes and synthetic results it inserts). Returns how many messages it touched; a valid list is left as it is.
 */
export function repairState(state: RunState, idPrefix: string): number {
  return applyRepair(state, repairToolPairing(state.messages, idPrefix));
}

