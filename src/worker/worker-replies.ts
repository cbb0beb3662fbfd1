import { engineError, type EngineError, type EngineErrorCode } from '../engine';
import type { WorkerReply } from '../worker-client/protocol';

/** A refusal inside the worker: {@link reply} turns it into a `{ok: false}` answer, so it never crosses as a throw. */
class Refusal extends Error {
  constructor(readonly error: EngineError) {
    super(error.message);
  }
}

/** A refusal with its own code and words (for a refusal no helper below names). */
export function engineRefusal(code: EngineErrorCode, message: string): Refusal {
  return new Refusal(engineError(code, message));
}

/** A refusal the lab already gave as data (a replay refused before it ran), kept as it is: code, words and retry flag. */
export function labRefusal(error: EngineError): Refusal {
  return new Refusal(error);
}

/** The transcript key names an import the worker no longer holds (a newer import replaced it). */
export function unknownTranscript(transcriptKey: string): Refusal {
  return new Refusal(engineError('unknown-transcript', `Unknown run ${transcriptKey}: it was replaced by a newer import.`));
}

/** The result id names a run the worker no longer holds (it aged out, was released, or a newer import replaced it). */
export function resultNotHeld(): Refusal {
  return new Refusal(engineError('unknown-result', "This run's result is no longer held by the worker; run compaction again."));
}

/** The replay id names a replay the worker no longer holds (it aged out, or a newer import replaced its session). */
export function replayNotHeld(): Refusal {
  return new Refusal(engineError('unknown-result', 'This replay is no longer held by the worker; replay again.'));
}

/** A newer request of the same kind superseded this one before it finished. */
export function superseded(): Refusal {
  return new Refusal(engineError('cancelled', 'A newer request superseded this one.'));
}

/**
 * The value of a lab answer already in the reply's shape (`lab/versus.ts`, `lab/probe-runs.ts`: the CLI reads the same
 * answers), its refusal thrown as a {@link Refusal} so that {@link reply} answers with it as the reply's error.
 */
export function valueOrRefusal<T>(answer: WorkerReply<T>): T {
  if (!answer.ok) throw new Refusal(answer.error);
  return answer.value;
}

/**
 * Runs one worker method: its value as `{ok: true, value}`, a {@link Refusal} as its error, and anything else thrown
 * as an `internal` error in words. Every method of the worker API answers through this, so none throws across the boundary.
 */
export async function reply<T>(work: () => T | Promise<T>): Promise<WorkerReply<T>> {
  try {
    return { ok: true, value: await work() };
  } catch (error) {
    if (error instanceof Refusal) return { ok: false, error: error.error };
    return { ok: false, error: engineError('internal', error instanceof Error ? error.message : String(error)) };
  }
}
