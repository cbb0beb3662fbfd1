/**
 * The typed contract between the main thread and the lab worker (types only: both sides import it, neither ships code
 * through it). Everything crossing it is structured-cloneable data — errors included, never class instances.
 *
 * This file is the hub: the reply every method answers with, the id of a held result, and what several capabilities
 * share (the live models of a run, a config's limits). Each capability keeps its own requests, answers and methods in a
 * file beside it that imports this one — `transcript-protocol.ts` (import, exact counts), `run-protocol.ts`
 * (compaction, breakdowns, retention, prediction), `config-protocol.ts`, `probe-protocol.ts`, `versus-protocol.ts`,
 * `replay-protocol.ts`, `provider-protocol.ts` — and `lab-worker-api.ts` lists them as the worker's API, so a new
 * capability is a new file and one line there, and this one imports and re-exports none of them.
 */
import type { EngineError, ProfileLimits } from '../engine';
import type { LiveCallRecord } from '../providers/live/live-summarizer';
import type { ProviderSpec } from '../providers/live/provider-spec';

// The providers' types that requests and progress of several capabilities carry, read by the page from the contract.
export type { LiveCallRecord, ProviderSpec };

/**
 * Every worker method's answer: its value, or what went wrong as data. No method throws across the boundary; the page
 * unwraps replies in one place (`unwrap` in `worker-client/reply.ts`). Only a worker that died rejects a call.
 *
 * One rule says which of the two a reply is, for every method (and for the lab functions the CLI shares with it):
 * - A **refusal** (`{ok: false, error}`): the method has nothing of its kind to give back. What the request names is
 *   not held or not there (an unknown transcript or result, a transcript without a compaction by the agent, a
 *   boundary it does not hold, an unreadable compaction, a pass that compacted nothing to probe), the work was refused
 *   before any of it ran (a replay's invalid config, settings that cannot work, a missing key), or it stopped with
 *   nothing to show (a probe run that failed; any request cancelled or superseded before it had something, as
 *   `cancelled`, the one cancel). The error's `code` is an `EngineErrorCode`: the page and the CLI branch on codes,
 *   and show the message in the lab's own words.
 * - An **answer** (`{ok: true, value}`), even one that went badly: the method has something of its kind to show, and
 *   the value says in its own fields what went wrong. A failed or cancelled compaction is a `RunResult` that says how
 *   far it got; a comparison whose profile run failed still lists the transcript's compactions and reports the run; a
 *   cancelled replay reports the steps up to then; a config's validation lists its issues by path; a connection test
 *   that found a bad key names the problem and the request it made, for the network panel.
 * So the same cause can land on either side by what the method answers with: a missing key refuses a replay (a
 *   replay report needs steps, and none ran) but is a failed run of a compaction or a comparison (the engine's failed
 *   `RunResult`, built for every run that did not succeed, carries it).
 */
export type WorkerReply<T> = { ok: true; value: T } | { ok: false; error: EngineError };

/**
 * Names one finished compaction in later worker calls (breakdowns, retention, probes). The worker holds a few recent
 * results by id; an id it no longer holds answers with an `unknown-result` error, never with another run's result.
 */
export type ResultId = string;

/** The live models of a run (a compaction, a comparison, a replay): main always, smol as the cheap first rung when given. `apiKeyEnv` is ignored here. */
export interface CompactProviders {
  smol?: ProviderSpec;
  main: ProviderSpec;
}

/**
 * A config's limits as the chart draws them (a prediction's and a validation's). `trigger` is the threshold that fires
 * first; `triggerRule` says which rule set it.
 */
export interface ConfigLimits extends ProfileLimits {
  /** The profile's id, as the parsed config names it. */
  profile?: string;
}
