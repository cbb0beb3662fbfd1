import type { RunState } from '../auto-compactor/run-state';
import { repairToolPairing } from '../auto-compactor/tool-pair-repair';
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
  const repaired = repairToolPairing(state.messages, idPrefix);
  for (const [id, fate] of repaired.fates) if (state.fates.has(id)) state.fates.set(id, fate);
  for (const insertion of repaired.insertions) state.insertedKinds.set(insertion.id, insertion.kind);
  state.messages = repaired.messages;
  return repaired.fates.size + repaired.insertions.length;
}

