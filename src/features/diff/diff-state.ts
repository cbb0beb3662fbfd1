import { insertionKindsById, type PassSnapshot } from '../../engine';
import type { Fate, Insertion, Message } from '../../engine/transcript';

/**
 * One state of a source transcript the diff can compare: the original itself, or the state after a pass. Fates are
 * always about the run's source messages, so two states of the same source can be read against each other.
 */
export interface DiffState {
  messages: readonly Message[];
  /** Fate of every source message in this state; absent for the original, where every message is kept as itself. */
  fates?: Readonly<Record<string, Fate>>;
  /** Kinds of the messages the passes up to this state inserted (a summary made by pass 1 is still one after pass 3). */
  insertions?: ReadonlyMap<string, Insertion['kind']>;
}

/** The original as a state: its messages, each kept as itself. */
export function originalState(messages: readonly Message[]): DiffState {
  return { messages };
}

/** The state after pass `pass` (1-based) of a run's `passes`, with the insertions of every pass up to it. */
export function passState(passes: readonly PassSnapshot[], pass: number): DiffState {
  const snapshot = passes[pass - 1];
  return { messages: snapshot.messages, fates: snapshot.fates, insertions: insertionKindsById(passes.slice(0, pass)) };
}
