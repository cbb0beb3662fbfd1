import { groupDigits } from '../group-digits';
import { basisName, contextFigure, type ContextBasis } from '../tokens/context-basis';
import type { RunResult } from './events';
import { historyWipedWords, replacedNothingWords } from './outcome-words';

/** Where a run's trigger lies in tokens, as the profile's config sets it (absent where a profile has none). */
export interface OutcomeLimits {
  trigger?: number;
  /** Set when the trigger is compared with part of the context only (rolling-summary: the older turns). */
  triggerComparedWith?: string;
  /** The context window in tokens: a context over it is one the model would refuse (absent where none is set). */
  window?: number;
}

/** A run's outcome said plainly, on the one basis every figure uses. */
export type OutcomeFlag =
  /** The profile called the run a success, yet the context after it (exact content + overhead) is over its trigger. */
  | { kind: 'estimate-disagrees'; message: string; estimate: number; context: number; trigger: number }
  /** A pass that replaced nothing: no source message summarized, masked, trimmed or dropped, and no tokens saved. */
  | { kind: 'no-op-pass'; pass: number; message: string }
  /** The context after the run (exact content + overhead) is over the window: the next model call would be refused. */
  | { kind: 'over-window'; message: string; context: number; window: number }
  /** A success that kept under a few hundred tokens of a long history (see `historyWipedWords`). */
  | { kind: 'history-wiped'; message: string; kept: number; history: number }
  /** A success whose output replaced no message of the history (see `replacedNothingWords`). */
  | { kind: 'replaced-nothing'; message: string };


/** The context before and after a run on a basis, and whether what is left fits under the trigger. */
export interface RunContext {
  /** Context tokens before and after (exact content + unstored overhead, on the basis). */
  before: number;
  after: number;
  /** True when the context after the run is at or under the trigger; null when the profile has no trigger. */
  fitsAfter: boolean | null;
}

const integer = groupDigits;

/**
 * The run's context on `basis` and its outcome flags: `estimate-disagrees` when the profile reports success but the
 * context after it is over the trigger (its own estimate saw it under), `no-op-pass` for every pass `runProfile`
 * found changed nothing, `over-window` when the context after it is over the window (success or not: the model would
 * refuse it either way), and `history-wiped` or `replaced-nothing` for a success that wiped or left the history. `fitsAfter` always compares the whole context with the trigger; a trigger the profile
 * compares with part of the context only (rolling-summary's older turns) raises no `estimate-disagrees`, since its
 * success never claimed the whole context fits under it. A run without exact counts has no context.
 */
export function runOutcome(result: RunResult, basis: ContextBasis, limits: OutcomeLimits): { context?: RunContext; flags: OutcomeFlag[] } {
  const flags: OutcomeFlag[] = result.passes
    .filter((pass) => pass.flags.includes('no-op'))
    .map((pass) => ({ kind: 'no-op-pass', pass: pass.pass, message: `Pass ${pass.pass} replaced nothing: no message was summarized, masked, trimmed or dropped, and the context did not shrink.` }));
  const replacedNothing = replacedNothingWords(result);
  if (replacedNothing) flags.push({ kind: 'replaced-nothing', ...replacedNothing });
  if (!result.exact) return { flags };
  const wiped = historyWipedWords(result);
  if (wiped) flags.push({ kind: 'history-wiped', ...wiped });
  const before = contextFigure(basis, result.exact.before).tokens;
  const after = contextFigure(basis, result.exact.after).tokens;
  const fitsAfter = limits.trigger === undefined ? null : after <= limits.trigger;
  if (result.success && fitsAfter === false && limits.trigger !== undefined && limits.triggerComparedWith === undefined) {
    const overhead = basis.overheadTokens > 0 ? ` (with ${integer(basis.overheadTokens)} for the system prompt and tools not in the file)` : '';
    // An overhead over the trigger is worth its own words: no compaction of the transcript can ever get under it.
    const hopeless = basis.overheadTokens >= limits.trigger ? ' The system prompt and tools not in the file are alone over the trigger, so no compaction of this transcript can get under it.' : '';
    flags.push({
      kind: 'estimate-disagrees',
      message: `The profile reported success at ${integer(result.tokensAfter)} by its own estimate, but the context after it is ${integer(after)}${overhead}, ${basisName(basis)} — over its ${integer(limits.trigger)}-token trigger.${hopeless}`,
      estimate: result.tokensAfter,
      context: after,
      trigger: limits.trigger,
    });
  }
  if (limits.window !== undefined && after > limits.window) {
    const overhead = basis.overheadTokens > 0 ? ` (with ${integer(basis.overheadTokens)} for the system prompt and tools not in the file)` : '';
    flags.push({
      kind: 'over-window',
      message: `The context after the run is ${integer(after)}${overhead}, ${basisName(basis)} — over the ${integer(limits.window)}-token window: the next model call would be refused.`,
      context: after,
      window: limits.window,
    });
  }
  return { context: { before, after, fitsAfter }, flags };
}
