import type { OutcomeFlag, ReplayCompaction, ReplayContext, ReplayCost, ReplayReport, ReplayRetention } from '../engine';
import type { PrintedFields } from './engine-fields';
import { replayCostOutput, type ReplayCostOutput } from './replay-cost-output';
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
  // The gate's own reading, in the profile's units; every token figure printed is on the context basis.
  gate: false;
  // Printed as context tokens (exact + unstored overhead), the exact counts beside them under `exact`.
  tokensBefore: false;
  tokensAfter: false;
  passes: true;
  summarizerCalls: true;
  tokensToSummarizers: true;
  costUsd: true;
  success: true;
  outcome: true;
  // Printed with the over-window flag on the context basis added (below).
  flags: false;
  // The compacted messages and the whole run: the output gives counts, never message lists (they are the session's size).
  input: false;
  run: false;
  retention: true;
}

/**
 * Which of the engine's totals `replay --json` prints, every one decided, so a new one fails to compile here. The peak
 * and the steps over the trigger are printed on the context basis instead, the gate's own count under `gateSaw`.
 */
interface TotalsFields {
  compactions: true;
  failedCompactions: true;
  summarizerCalls: true;
  tokensToSummarizers: true;
  costUsd: true;
  peakTokens: false;
  stepsOverTrigger: false;
  shareOverTrigger: false;
  timeOverTriggerMs: false;
}

/**
 * A flag of one compaction: `replaced-nothing` or `history-wiped` (the engine's words for its run), or `over-window`
 * when what it left is over the window, so the next model call would be refused.
 */
type CompactionFlag = Extract<OutcomeFlag, { kind: 'replaced-nothing' | 'history-wiped' | 'over-window' }>;

/** One compaction the policy made, as `replay --json` prints it: the engine's fields, `atMessage` 0-based. */
interface ReplayCompactionOutput extends Omit<PrintedFields<ReplayCompaction, CompactionFields>, 'retention'> {
  /** Context tokens (exact content + unstored overhead) before and after, as the Session tab shows them. */
  tokensBefore: number;
  tokensAfter: number;
  /** Exact counts of what the context holds (system prompt included, no unstored overhead). */
  exact: { before: number; after: number };
  /** `replaced-nothing`, `history-wiped` and `over-window` as they hold; empty for a plain outcome. */
  flags: CompactionFlag[];
  /** Null when retention was not measured. */
  retention: ReplayRetention | null;
}

/** The replay's totals: the engine's counts, the peak and the steps over the trigger and window on the context basis. */
interface ReplayTotalsOutput extends PrintedFields<ReplayTotals, TotalsFields> {
  /** The highest context (exact + unstored overhead) of any step. */
  peakTokens: number;
  /**
   * Steps whose context after the step was over the trigger line (`triggerTokens`), their share, and the session time;
   * null when the trigger is compared with part of the context only (`stepsOverTriggerNotCounted` says so).
   */
  stepsOverTrigger: number | null;
  shareOverTrigger: number | null;
  timeOverTriggerMs?: number;
  /** Why steps over the trigger are not counted, when the trigger is compared with part of the context only (rolling-summary). */
  stepsOverTriggerNotCounted?: string;
  /** Steps whose context after the step was over the window. */
  stepsOverWindow: number;
  /** Compactions that left the context over the window. */
  compactionsOverWindow: number;
  /** The same count by the gate's own reading, in its own units: what it decided on. */
  gateSaw: { stepsOverTrigger: number; shareOverTrigger: number; timeOverTriggerMs?: number };
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
  /** The unstored overhead every context figure adds to the exact count (fitted from logged usage; 0 without). */
  unstoredOverhead: number;
  /** The trigger line the steps are counted against, in context tokens (the gate's own threshold when it counts exactly, else the config's trigger); null when none. */
  triggerTokens: number | null;
  peakTokens: number;
  compactions: ReplayCompactionOutput[];
  sourceCompactions: { atMessage: number; kind: string; loggedTokensBefore: number | null }[];
  totals: ReplayTotalsOutput;
  basis: string;
  /** What the agent and the policy cost with prompt caching (issue 28); null when the replay was not priced. */
  cost: ReplayCostOutput | null;
}

/** Infinity (a gate that cannot fire) has no JSON form: it is said as null, not left for `JSON.stringify` to blur. */
const finiteOrNull = (value: number | null | undefined): number | null => (typeof value === 'number' && Number.isFinite(value) ? value : null);

/** The basis of every figure in a replay, in words: which tokens are context tokens, and which are the profile's own units. */
function replayBasis(report: Pick<ReplayReport, 'encoding'>, context: ReplayContext): string {
  return (
    `token figures (peak, before → after, steps over the trigger or window) are context tokens: exact ${report.encoding} counts ` +
    `of the context the replay kept, the system prompt included, plus ${context.unstoredOverhead.toLocaleString('en-US')} unstored ` +
    "overhead (system prompt and tool schemas the source never stored) — as the app's Session tab states them; `exact` and " +
    "tokens to summarizers are exact counts without it; the trigger, each gate reading and `gateSaw` are in the profile's own units, on which its gate decided"
  );
}

/** What a compaction really did, in words: over the window first (the model would refuse what it left), then the engine's own outcome. */
function compactionOutcome(compaction: ReplayCompaction, overWindow: boolean): string | undefined {
  if (!overWindow) return compaction.outcome;
  return compaction.outcome === undefined ? 'over the window: the next call would be refused' : `over the window: the next call would be refused; ${compaction.outcome}`;
}

/** The report as `replay --json` prints it, on the context basis: counts rather than step lists, the message lists of each run left out. */
export function replayOutput(report: ReplayReport, context: ReplayContext, cost?: ReplayCost): ReplayOutput {
  const { totals } = report;
  const window = context.lines.window;
  const compactions = report.compactions.map((compaction, index): ReplayCompactionOutput => {
    const onBasis = context.compactions[index];
    const overWindow: CompactionFlag[] = onBasis.overWindow && window !== undefined ? [{ kind: 'over-window', message: onBasis.overWindow.message, context: onBasis.after, window }] : [];
    const flags: CompactionFlag[] = [...overWindow, ...compaction.flags.filter((flag): flag is CompactionFlag => flag.kind === 'replaced-nothing' || flag.kind === 'history-wiped')];
    const outcome = compactionOutcome(compaction, overWindow.length > 0);
    return {
      atMessage: compaction.atMessage,
      tokensBefore: onBasis.before,
      tokensAfter: onBasis.after,
      exact: { before: compaction.tokensBefore, after: compaction.tokensAfter },
      passes: compaction.passes,
      summarizerCalls: compaction.summarizerCalls,
      tokensToSummarizers: compaction.tokensToSummarizers,
      costUsd: compaction.costUsd,
      success: compaction.success,
      ...(outcome === undefined ? {} : { outcome }),
      flags,
      retention: compaction.retention ?? null,
    };
  });
  const { overTrigger, gateSaw, overTriggerNotCounted: notCounted } = context;
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
    unstoredOverhead: context.unstoredOverhead,
    triggerTokens: context.lines.trigger ?? null,
    peakTokens: context.peak,
    compactions,
    sourceCompactions: report.sourceCompactions.map((source) => ({ atMessage: source.atMessage, kind: source.kind, loggedTokensBefore: source.loggedTokensBefore ?? null })),
    // In the order the README documents, which is not the engine's (cost comes before tokens to summarizers).
    totals: {
      compactions: totals.compactions,
      failedCompactions: totals.failedCompactions,
      summarizerCalls: totals.summarizerCalls,
      costUsd: totals.costUsd,
      tokensToSummarizers: totals.tokensToSummarizers,
      peakTokens: context.peak,
      stepsOverTrigger: notCounted === undefined ? (overTrigger?.steps ?? 0) : null,
      shareOverTrigger: notCounted === undefined ? (overTrigger?.share ?? 0) : null,
      ...(overTrigger?.timeMs === undefined ? {} : { timeOverTriggerMs: overTrigger.timeMs }),
      ...(notCounted === undefined ? {} : { stepsOverTriggerNotCounted: notCounted }),
      stepsOverWindow: context.overWindow?.steps ?? 0,
      compactionsOverWindow: compactions.filter((compaction) => compaction.flags.some((flag) => flag.kind === 'over-window')).length,
      gateSaw: { stepsOverTrigger: gateSaw.steps, shareOverTrigger: gateSaw.share, ...(gateSaw.timeMs === undefined ? {} : { timeOverTriggerMs: gateSaw.timeMs }) },
    },
    basis: replayBasis(report, context),
    cost: cost ? replayCostOutput(cost) : null,
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
