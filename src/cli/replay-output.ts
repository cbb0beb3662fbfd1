import type { ReplayReport, ReplayRetention } from '../engine';
import { consentRefusal } from './run-settings';

/** One compaction the policy made, as `replay --json` prints it. */
interface ReplayCompactionOutput {
  /** 0-based index in the transcript's messages of the message after which the policy compacted. */
  atMessage: number;
  tokensBefore: number;
  tokensAfter: number;
  passes: number;
  summarizerCalls: number;
  tokensToSummarizers: number;
  costUsd: number | null;
  success: boolean;
  outcome?: string;
  /** Null when retention was not measured. */
  retention: ReplayRetention | null;
}

/** `replay --json`: the replay of one session under one policy. Every field a script may read; add, never rename. */
export interface ReplayOutput {
  profile: string;
  window: number | null;
  /** The gate's threshold at the start, in the gate's own units; null when the gate can never fire or holds no context size against one. */
  trigger: number | null;
  /** What the trigger is compared with when it is not the whole context (rolling summary's older turns), in words. */
  triggerComparedWith?: string;
  checkpoint: string;
  estimation: string;
  encoding: string;
  steps: number;
  /** Why the replay ended before the session did (callbacks refused), when it did. */
  stopped?: string;
  /** The settings that cannot work as set, in words, when `--run-anyway` replayed them. */
  forcedSettings?: string[];
  peakTokens: number;
  compactions: ReplayCompactionOutput[];
  sourceCompactions: { atMessage: number; kind: string; loggedTokensBefore: number | null }[];
  totals: {
    compactions: number;
    failedCompactions: number;
    summarizerCalls: number;
    costUsd: number | null;
    tokensToSummarizers: number;
    peakTokens: number;
    stepsOverTrigger: number;
    shareOverTrigger: number;
    timeOverTriggerMs?: number;
  };
  basis: string;
}

/** Infinity (a gate that cannot fire) has no JSON form: it is said as null, not left for `JSON.stringify` to blur. */
const finiteOrNull = (value: number | null | undefined): number | null => (typeof value === 'number' && Number.isFinite(value) ? value : null);

/** The basis of every figure in a replay, in words: which tokens are exact, and which are the profile's own units. */
function replayBasis(report: Pick<ReplayReport, 'encoding'>): string {
  return (
    `token figures (steps, peak, before → after, tokens to summarizers) are exact ${report.encoding} counts of the context ` +
    'the replay kept, the system prompt included and no unstored overhead (system prompt or tool schemas the source never ' +
    "stored); the trigger and each gate reading are in the profile's own units, on which its gate decided"
  );
}

/** The report as `replay --json` prints it: counts rather than step lists, the message lists of each run left out. */
export function replayOutput(report: ReplayReport): ReplayOutput {
  const { totals } = report;
  return {
    profile: report.profile,
    window: finiteOrNull(report.window),
    trigger: finiteOrNull(report.trigger),
    ...(report.triggerComparedWith === undefined ? {} : { triggerComparedWith: report.triggerComparedWith }),
    checkpoint: report.checkpoint,
    estimation: report.estimation,
    encoding: report.encoding,
    steps: report.steps.length,
    ...(report.stopped === undefined ? {} : { stopped: report.stopped }),
    ...(report.forcedSettings === undefined ? {} : { forcedSettings: report.forcedSettings.map((problem) => problem.message) }),
    peakTokens: totals.peakTokens,
    compactions: report.compactions.map((compaction) => ({
      atMessage: compaction.atMessage,
      tokensBefore: compaction.tokensBefore,
      tokensAfter: compaction.tokensAfter,
      passes: compaction.passes,
      summarizerCalls: compaction.summarizerCalls,
      tokensToSummarizers: compaction.tokensToSummarizers,
      costUsd: compaction.costUsd,
      success: compaction.success,
      ...(compaction.outcome === undefined ? {} : { outcome: compaction.outcome }),
      retention: compaction.retention ?? null,
    })),
    sourceCompactions: report.sourceCompactions.map((source) => ({ atMessage: source.atMessage, kind: source.kind, loggedTokensBefore: source.loggedTokensBefore ?? null })),
    totals: {
      compactions: totals.compactions,
      failedCompactions: totals.failedCompactions,
      summarizerCalls: totals.summarizerCalls,
      costUsd: totals.costUsd,
      tokensToSummarizers: totals.tokensToSummarizers,
      peakTokens: totals.peakTokens,
      stepsOverTrigger: totals.stepsOverTrigger,
      shareOverTrigger: totals.shareOverTrigger,
      ...(totals.timeOverTriggerMs === undefined ? {} : { timeOverTriggerMs: totals.timeOverTriggerMs }),
    },
    basis: replayBasis(report),
  };
}

/**
 * The stderr line for a replay the engine stopped at its first compaction because the config carries callbacks the
 * user did not allow, as `compact` words the refusal; undefined otherwise.
 */
export function replayConsentRefusal(report: ReplayReport, configFile: string | undefined): string | undefined {
  const refused = report.compactions.find((compaction) => compaction.run.error?.code === 'callbacks-need-consent');
  const where = refused ? `The replay stopped at message ${refused.atMessage + 1};` : '';
  return refused && consentRefusal(refused.run.error, configFile)?.replace('Nothing ran;', where);
}
