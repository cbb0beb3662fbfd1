import type { OutcomeFlag } from '../run/context-outcome';
import type { RunResult } from '../run/events';
import { flaggedOutcome } from '../run/outcome-headline';
import { historyWipedWords, replacedNothingWords } from '../run/outcome-words';
import type { GateBasis, GateReading, ReplayGate } from '../run/replay-gate';
import { integer } from '../profiles/settings-text';

/** Where the replayed context first stopped being the agent's own: the policy's compaction, or the agent's. */
export type Divergence = { kind: 'policy' | 'agent'; atMessage: number };

const basisWords: Record<GateBasis, string> = {
  'logged-usage': 'the logged usage of the last model call plus the profile\u2019s estimate of later messages',
  estimate: 'the profile\u2019s own estimate of the whole context',
  exact: 'the profile\u2019s exact count of the whole context',
};

/**
 * How the gate's readings were estimated over the replay, in words for the view and the JSON: which basis, and when
 * logged usage stopped being used and why (it describes the context the agent really had, not the replayed one).
 */
export function describeEstimation(gate: ReplayGate, wasAnchored: boolean, divergence: Divergence | undefined): string {
  const { basis } = gate.reading();
  if (!wasAnchored) return `Every gate reading is ${basisWords[basis]}.`;
  const why = divergence?.kind === 'agent' ? 'the agent compacted its own context there' : 'the policy compacted there';
  const until = divergence ? ` until message ${divergence.atMessage + 1} (${why}); after that, ${basisWords.estimate}, as the logged usage describes a context the replay no longer has` : '';
  return `Gate readings were ${basisWords['logged-usage']}${until}.`;
}

/**
 * The flags of a replayed compaction's run that hold on any basis, from the same engine words a single run's outcome
 * uses: `history-wiped` (a success that kept a few hundred tokens of a long history) and `replaced-nothing` (a success
 * that replaced no message). Over-window depends on the basis and the window, so `replayContext` adds it.
 */
export function compactionFlags(run: RunResult): OutcomeFlag[] {
  const wiped = historyWipedWords(run);
  const replacedNothing = replacedNothingWords(run);
  return [...(replacedNothing ? [{ kind: 'replaced-nothing' as const, ...replacedNothing }] : []), ...(wiped ? [{ kind: 'history-wiped' as const, ...wiped }] : [])];
}

/**
 * What really happened, in words, when a compaction did not simply succeed under the trigger: a failure, a success that
 * wiped the history or replaced nothing (the flag's headline, never left to read as a plain success), or a success
 * still over the trigger.
 */
export function outcomeWords(run: RunResult, after: GateReading): { outcome?: string } {
  if (!run.success) return { outcome: `failed: ${run.error?.message ?? 'no reason given'}; the replay went on with the context as the run left it` };
  const flagged = flaggedOutcome(compactionFlags(run))?.words;
  const overTrigger = after.tokens > after.threshold ? `succeeded, but the context is still over the trigger (${integer(after.tokens)} > ${integer(after.threshold)}, ${after.basis})` : undefined;
  const words = [flagged, overTrigger].filter((part) => part !== undefined).join('; ');
  return words === '' ? {} : { outcome: words };
}
