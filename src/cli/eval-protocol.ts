import type { PriceOverrides } from '../providers/prices/overrides';
import type { EncodingName, ReplayReport } from '../engine';
import type { ConfigDocument } from '../engine/config';
import type { CellRow, ExperimentMode } from '../lab/experiment/experiment-types';
import type { PrintedFields } from './engine-fields';
import type { ProviderSetup } from './provider-arguments';

/** One policy `eval` replays every transcript under: the config file's name, its checked document, its live providers. */
export interface EvalPolicy {
  /** The `--config` file as given: names the policy in every row and table. */
  name: string;
  profile: string;
  /** The validated config as a lab config document (what `replayTranscript` takes). */
  document: ConfigDocument;
  /** Live providers from the config's `providers` field; the offline summarizer when absent. */
  setup?: ProviderSetup;
}

/** What every eval thread is started with (its `workerData`): the same for every transcript it replays. */
export interface EvalThreadData {
  policies: EvalPolicy[];
  /** A whole-session replay per cell (eval's own, with its rows), or a single compaction at each config's settings. */
  mode: ExperimentMode;
  encoding: EncodingName;
  runAnyway: boolean;
  allowCallbacks: boolean;
  /** What each replay's callback calls may take together, in milliseconds (`--callback-budget`). */
  callbackBudgetMs: number;
  /** The user's price overrides (`--prices`), laid over the catalog in every thread. */
  prices?: PriceOverrides;
}

/** Which of the engine's replay totals an eval row keeps: every one decided, so a new one fails to compile here. */
interface TotalsFields {
  compactions: true;
  failedCompactions: true;
  summarizerCalls: true;
  tokensToSummarizers: true;
  costUsd: true;
  // The peak and the share over the trigger are the eval's own, on the context basis (see `EvalFigures`).
  peakTokens: false;
  // `shareOverTrigger` × `steps` gives it.
  stepsOverTrigger: false;
  shareOverTrigger: false;
  // Absent for a session without timestamps, so a corpus could not total or compare it.
  timeOverTriggerMs: false;
}

/**
 * A session's figures under one policy: small, so a corpus of thousands of sessions costs the main thread nothing. The
 * replay's totals as the engine types them, and three of the eval's own.
 */
export interface EvalFigures extends PrintedFields<ReplayReport['totals'], TotalsFields> {
  /** Messages replayed (the replay's steps). */
  steps: number;
  /** The highest context of the session: exact + unstored overhead, as `replay` and the Session tab state it. */
  peakTokens: number;
  /**
   * The share of steps whose context (exact + unstored overhead) was over the trigger line; 0 without a trigger, null
   * when the trigger is compared with part of the context only (rolling-summary's older turns), so none is counted.
   */
  shareOverTrigger: number | null;
  /**
   * The share of steps over the shared trigger line — the lower of the two configs' triggers, on the same basis: the one
   * yardstick two policies are judged on (issue 27), the same whichever is A, so a B that compacts as A does but with
   * another reserve ties. With one config, its own `shareOverTrigger`; null when either policy's replay of this session
   * did not run, or when the shared trigger is compared with part of the context only (none is counted against it).
   */
  shareOverSharedTrigger: number | null;
  /** The same share by the gate's own reading, in its own units: what it decided on. */
  gateSawShareOverTrigger: number;
  /** Compactions that left the context over the window: the next model call would have been refused. */
  compactionsOverWindow: number;
  /** Mean need-weighted retention of the session's compactions where it was measured; null where none was. */
  needWeighted: number | null;
  /** Facts of the compacted parts the compacted contexts no longer held, summed over the session's compactions. */
  factsLost: number;
  /**
   * What the session would have cost under the policy with prompt caching (issue 28): the agent's calls on the policy's
   * context plus the summarizer calls, US dollars from the catalog; null when a model has no price.
   */
  policyCostUsd: number | null;
  /** What the agent's own main-conversation calls cost by its log (every kind); null without logged usage or a price. */
  agentCostUsd: number | null;
  /** The agent's main-conversation calls that logged usage: a session with some and no `agentCostUsd` is unpriced. */
  agentCalls: number;
  /** The cache model checked on the agent: simulated ÷ logged input side; null without logged usage. */
  agentCostRatio: number | null;
}

/** The figures of a replay that did not run: every one null, so no total can count it by mistake. */
export type NoFigures = { [Figure in keyof EvalFigures]: null };

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
  /** Replay mode: the session's row, and the same replay as an experiment cell. */
  | { type: 'row'; row: EvalRow; cell: CellRow }
  /** Compaction mode: one cell (compaction mode has no eval row). */
  | { type: 'cell'; cell: CellRow }
  | { type: 'skipped'; file: string; reason: string }
  | { type: 'finished'; file: string };
