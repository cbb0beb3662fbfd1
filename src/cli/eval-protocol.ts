import type { EncodingName } from '../engine';
import type { ProviderSetup } from './provider-arguments';

/** One policy `eval` replays every transcript under: the config file's name, its checked document, its live providers. */
export interface EvalPolicy {
  /** The `--config` file as given: names the policy in every row and table. */
  name: string;
  profile: string;
  /** The validated config as a lab config document (what `replayTranscript` takes). */
  document: unknown;
  /** Live providers from the config's `providers` field; the offline summarizer when absent. */
  setup?: ProviderSetup;
}

/** What every eval thread is started with (its `workerData`): the same for every transcript it replays. */
export interface EvalThreadData {
  policies: EvalPolicy[];
  encoding: EncodingName;
  runAnyway: boolean;
  allowCallbacks: boolean;
  /** Each callback call's budget, in milliseconds (`--callback-budget`). */
  callbackBudgetMs: number;
}

/** A session's figures under one policy: small, so a corpus of thousands of sessions costs the main thread nothing. */
export interface EvalFigures {
  /** Messages replayed (the replay's steps). */
  steps: number;
  compactions: number;
  failedCompactions: number;
  summarizerCalls: number;
  /** US dollars; null when a call had no known price (an offline replay costs 0). */
  costUsd: number | null;
  /** Exact tokens sent to summarizers over the session. */
  tokensToSummarizers: number;
  /** Exact tokens of the largest context the replay held (system prompt included, no unstored overhead). */
  peakTokens: number;
  /** Share of the session's steps whose context was over the trigger by the gate's own reading (0..1). */
  shareOverTrigger: number;
  /** Mean need-weighted retention of the session's compactions where it was measured; null where none was. */
  needWeighted: number | null;
  /** Facts of the compacted parts the compacted contexts no longer held, summed over the session's compactions. */
  factsLost: number;
}

/** The figures of a replay that did not run: every one null, so no total can count it by mistake. */
type NoFigures = { [Key in keyof EvalFigures]: null };

/** One (transcript, policy) row: the figures when the replay ran, the reason when it did not. */
export type EvalRow = {
  file: string;
  /** The run's 1-based number, for a file holding several runs (an Inspect log with several samples). */
  run?: number;
  config: string;
} & (({ ok: true } & EvalFigures) | ({ ok: false; error: string } & NoFigures));

/** The main thread's one request: replay this file under every policy. */
export interface EvalJob {
  file: string;
}

/** What a thread answers: it is ready, one row done, a file skipped (with why), or a file finished (all its rows sent). */
export type EvalThreadMessage =
  | { type: 'ready' }
  | { type: 'row'; row: EvalRow }
  | { type: 'skipped'; file: string; reason: string }
  | { type: 'finished'; file: string };
