import type { ReplayCompaction, ReplayReport, ReplayRetention } from '../engine';
import type { PrintedFields } from './engine-fields';
import { consentRefusal } from './run-settings';

/** The engine's replay totals (its entry exports the report, not this part's name). */
type ReplayTotals = ReplayReport['totals'];

/** Which of the engine's compaction fields `replay --json` prints: every one decided, so a new one fails to compile here. */
interface CompactionFields {
  // Its place in `compactions` says it (index + 1).
  ordinal: false;
  atMessage: true;
  // The gate's firing in words, for a reader; scripts read the printed figures.
  reason: false;
  // The gate's own reading, in the profile's units; every token figure printed is an exact count.
  gate: false;
  tokensBefore: true;
  tokensAfter: true;
  passes: true;
  summarizerCalls: true;
  tokensToSummarizers: true;
  costUsd: true;
  success: true;
  outcome: true;
  // The compacted messages and the whole run: the output gives counts, never message lists (they are the session's size).
  input: false;
  run: false;
  retention: true;
}

/** Which of the engine's totals `replay --json` prints: all of them, every one decided, so a new one fails to compile here. */
interface TotalsFields {
  compactions: true;
  failedCompactions: true;
  summarizerCalls: true;
  tokensToSummarizers: true;
  costUsd: true;
  peakTokens: true;
  stepsOverTrigger: true;
  shareOverTrigger: true;
  timeOverTriggerMs: true;
}

/** One compaction the policy made, as `replay --json` prints it: the engine's fields, `atMessage` 0-based. */
interface ReplayCompactionOutput extends Omit<PrintedFields<ReplayCompaction, CompactionFields>, 'retention'> {
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
  totals: PrintedFields<ReplayTotals, TotalsFields>;
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
    compactions: report.compactions.map((compaction): ReplayCompactionOutput => ({
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
    // In the order the README documents, which is not the engine's (cost comes before tokens to summarizers).
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
