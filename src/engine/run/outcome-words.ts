import { groupDigits } from '../group-digits';
import type { RunResult } from './events';

/**
 * A run that leaves fewer exact tokens than this of a long history has wiped it: 300 tokens is about one paragraph,
 * less than any summary that states the task, the files touched and where the work stands (the seeds' summary prompts
 * ask for five or more sections; the agent's own summaries on the 12 real Claude Code sessions run 2,900–4,700 tokens).
 */
const wipedBelowTokens = 300;
/** Or fewer than this share of a long history: 0.2 % of a 1M-token session is 2,000 tokens, under half such a summary. */
const wipedBelowShare = 0.002;
/** A history is long once it holds ten times the floor: a shorter one may honestly compact to a few hundred tokens. */
const longHistoryTokens = 10 * wipedBelowTokens;

/** Fates that replace a source message (in whole or in part); `kept` and `repaired` leave it as the model saw it. */
const replacingFates = new Set(['masked', 'microcompacted', 'summarized', 'trimmed', 'dropped']);

const integer = groupDigits;

/**
 * The words of `history-wiped`: a successful run that left under `wipedBelowTokens` (or `wipedBelowShare`) of a
 * history of at least 3,000 exact tokens; undefined otherwise. Counts are exact messages, without the system prompt or
 * the unstored overhead: neither is history, and either would hide a wipe.
 */
export function historyWipedWords(result: RunResult): { kept: number; history: number; message: string } | undefined {
  if (!result.success || !result.exact || result.passes.length === 0) return undefined;
  // The system prompt is in both counts and no profile compacts it: a long one would hide a wiped history.
  const system = result.exact.system ?? 0;
  const { encoding } = result.exact;
  const before = result.exact.before - system;
  const after = result.exact.after - system;
  const floor = Math.max(wipedBelowTokens, Math.round(wipedBelowShare * before));
  if (before < longHistoryTokens || after >= floor) return undefined;
  return {
    kept: after,
    history: before,
    message:
      `The run kept ${integer(after)} of ${integer(before)} tokens of the history (${encoding} exact, without the system prompt or the tools not in the file) — under ` +
      `${integer(floor)}, too little to carry the task and where it stands: the history was wiped, not compacted.`,
  };
}

/**
 * The words of `replaced-nothing`: a run its profile called a success, whose passes ran, yet whose output replaced no
 * source message — none summarized, masked, cut, trimmed or dropped (a summary written beside the whole history, say);
 * undefined otherwise. A run whose gate never fired ran no pass and claims nothing.
 */
export function replacedNothingWords(result: RunResult): { message: string } | undefined {
  const last = result.passes.at(-1);
  if (!result.success || !last) return undefined;
  if (Object.values(last.fates).some((fate) => replacingFates.has(fate.kind))) return undefined;
  const grew = result.exact && result.exact.after > result.exact.before ? `; the context grew from ${integer(result.exact.before)} to ${integer(result.exact.after)} exact tokens` : '';
  return { message: `The run reported success but replaced nothing: no message of the history was summarized, masked, cut, trimmed or dropped${grew}.` };
}
