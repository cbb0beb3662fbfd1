import type { LabConfig } from '../engine/config';
import { runOutcome, type EncodingName, type OutcomeFlag, type RunResult } from '../engine';
import { configLimits } from './config-limits';
import type { TranscriptBasis } from './transcript-basis';

/**
 * The run's context on one basis, as `compact --json` prints it. `before` and `after` are exact counts of what the
 * transcript holds (system prompt included) in `encoding` — `before` is `stats --json`'s `tokens.total` — and the
 * context a model sees is each plus `unstoredOverhead`, which compaction never removes.
 */
export interface ContextOutput {
  encoding: EncodingName;
  before: number;
  after: number;
  /** The system prompt and tool schemas the source never stored, estimated from logged usage (0 when nothing is logged). */
  unstoredOverhead: number;
  /** The profile's effective trigger in tokens; null when it has none. */
  trigger: number | null;
  /** The context window the config sets; null when it sets none. */
  window: number | null;
  /** `after + unstoredOverhead <= trigger`; null when there is no trigger. */
  fitsAfter: boolean | null;
  /**
   * What the profile compares its trigger with when that is not the whole context (rolling-summary: the older turns);
   * null otherwise. Such a run is never flagged `estimate-disagrees`: its success never claimed the context fits.
   */
  triggerComparedWith: string | null;
}

/**
 * An outcome flag with the pass it is about: `no-op-pass` names its own pass; the others (`estimate-disagrees`,
 * `over-window`, `history-wiped`, `replaced-nothing`) are about the run's end, so they carry the last pass (0 when no
 * pass ran).
 */
export type OutcomeFlagOutput = OutcomeFlag & { pass: number };

/**
 * The context block and the outcome flags of a run, by the engine's own rule (`runOutcome` on the encoding basis). A
 * run refused before any work (invalid config, callbacks without consent) was never measured, and left the transcript
 * as it was: both counts are then the transcript's own.
 */
export function contextOutput(result: RunResult, measured: TranscriptBasis, config: LabConfig): { context: ContextOutput; flags: OutcomeFlagOutput[] } {
  const { encoding } = measured.basis;
  const exact = result.exact ?? { encoding, before: measured.tokens.total, after: measured.tokens.total };
  const limits = configLimits(config);
  const outcome = runOutcome({ ...result, exact }, measured.basis, { trigger: limits.trigger, triggerComparedWith: limits.triggerComparedWith, window: limits.window });
  const lastPass = result.passes.at(-1)?.pass ?? 0;
  const flags = outcome.flags.map((flag): OutcomeFlagOutput => (flag.kind === 'no-op-pass' ? flag : { ...flag, pass: lastPass }));
  return {
    context: {
      encoding: exact.encoding,
      before: exact.before,
      after: exact.after,
      unstoredOverhead: measured.usage.overhead.tokens,
      trigger: limits.trigger ?? null,
      window: limits.window ?? null,
      fitsAfter: outcome.context?.fitsAfter ?? null,
      triggerComparedWith: limits.triggerComparedWith ?? null,
    },
    flags,
  };
}
