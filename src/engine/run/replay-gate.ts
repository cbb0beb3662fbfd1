import type { Message } from '../transcript/model';

/**
 * Where a profile's host checks its gate as a session goes on:
 * - `turn-end`: when the agent finished answering the human, just before the next human message (the Dart host checks
 *   after each run; ADK assembles each turn's request from the turns before it; harn's `post-turn` trigger);
 * - `model-call`: just before every model call, i.e. before each assistant message (harn's `preflight` trigger);
 * - `tool-turn-end`: after each tool turn, when the model is about to be called again with the tools' results (harn's
 *   `post-turn` trigger);
 * - `message`: after every message (harn's `daemon` trigger, which watches the context continuously);
 * - `never`: the host only compacts when someone asks (harn's `manual` trigger, or compaction switched off).
 * Every replay also checks once more at the end of the session, as if the agent were about to go on.
 */
export type ReplayCheckpoint = 'turn-end' | 'model-call' | 'tool-turn-end' | 'message' | 'never';

/**
 * How a gate reading was estimated: `logged-usage` (the last logged provider usage plus the profile's estimate of
 * later messages; valid only while the replayed context is still the one the agent really had), `estimate` (the
 * profile's own heuristic, e.g. chars/4 or UTF-8 bytes/4, over the whole context), `exact` (the profile counts with
 * the run's tokenizer).
 */
export type GateBasis = 'logged-usage' | 'estimate' | 'exact';

/** One gate reading: what the profile's gate saw, in its own units, and whether it fires. */
export interface GateReading {
  tokens: number;
  /** The threshold the reading is held against, in the same units (`Infinity` when the gate can never fire). */
  threshold: number;
  fires: boolean;
  basis: GateBasis;
}

/**
 * A profile's gate, kept up to date message by message so that checking it costs O(1) per step. The replay owns the
 * context; the gate only reads it. `reset` is called at the start and after every compaction with the new context and
 * the state the last run carried out (O(context) once per compaction): a run that leaves some of its input out of its
 * own estimate (the auto-compactor's earlier pinned carriers) is read the same way by its gate. `append` is called with
 * each message as it joins the context.
 */
export interface ReplayGate {
  checkpoint: ReplayCheckpoint;
  /** Words for the checkpoint in this profile's host, e.g. "after each run (the Dart host)". */
  checkpointLabel: string;
  /**
   * The message as it joins the context, when the host changes it on arrival (harn cuts oversized tool outputs at tool
   * dispatch); the message itself otherwise. Called once per message, before `append`.
   */
  admit?(message: Message): Promise<Message>;
  /**
   * True when the host rebuilds every request from the whole history and the carried state (ADK's rolling summary):
   * each check then runs the profile on the history so far, not on the compacted context.
   */
  rebuildsFromHistory?: boolean;
  reset(context: readonly Message[], carryState?: unknown): void;
  append(message: Message): void;
  reading(): GateReading;
}
