import { groupDigits } from '../group-digits';
import type { OutcomeFlag } from './context-outcome';

const failingKinds: ReadonlySet<OutcomeFlag['kind']> = new Set(['over-window', 'replaced-nothing']);

/**
 * Whether a flag says the run did not do what was asked, whatever its profile reported (over the window, replaced
 * nothing): the one list every surface reads, so the CLI exits 1 on exactly the flags the headline calls failures.
 */
export function isFailingFlag(flag: OutcomeFlag): boolean {
  return failingKinds.has(flag.kind);
}

/** Headlines of the flags that make a success not plain, the most serious first. */
const headlines: readonly [OutcomeFlag['kind'], (flag: OutcomeFlag) => string][] = [
  ['over-window', () => 'over the window: the next call would be refused'],
  ['replaced-nothing', () => 'replaced nothing: the history is as it was'],
  ['history-wiped', (flag) => (flag.kind === 'history-wiped' ? `history wiped: kept ${groupDigits(flag.kept)} of ${groupDigits(flag.history)} tokens` : 'history wiped')],
];

/**
 * What a run's flags say it really did, in a few words every surface leads with instead of "ok" or "done" (`over the
 * window: the next call would be refused`, `replaced nothing: …`, `history wiped: …`), and whether that means the run
 * failed to do what was asked (over the window, replaced nothing) or did it at a loss (wiped); undefined when no flag
 * makes the outcome other than what the profile reported.
 */
export function flaggedOutcome(flags: readonly OutcomeFlag[]): { words: string; isFailure: boolean } | undefined {
  const found = headlines.flatMap(([kind, words]) => flags.filter((flag) => flag.kind === kind).map((flag) => ({ words: words(flag), isFailure: failingKinds.has(kind) })));
  if (found.length === 0) return undefined;
  return { words: found.map((item) => item.words).join('; '), isFailure: found.some((item) => item.isFailure) };
}

/** Each run-level outcome flag's title, as the run log and the timeline's alerts lead with it. */
export const outcomeFlagTitles: Readonly<Record<Exclude<OutcomeFlag['kind'], 'no-op-pass'>, string>> = {
  'estimate-disagrees': 'Estimate disagrees',
  'over-window': 'Over the window',
  'history-wiped': 'History wiped',
  'replaced-nothing': 'Replaced nothing',
};
