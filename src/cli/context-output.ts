import type { OutcomeFlagOutput } from '../lab/run-context';
import type { FlagOutput } from './retention-output';

/** A flag of `compact --json`: a loss flag of the retention check, or an outcome flag of the run. */
export type CompactFlag = FlagOutput | OutcomeFlagOutput;

/** Loss flags and outcome flags in one list, ordered by pass (each kind keeps its own order within a pass). */
export function mergeFlags(lossFlags: readonly FlagOutput[], outcomeFlags: readonly OutcomeFlagOutput[]): CompactFlag[] {
  return [...lossFlags, ...outcomeFlags].sort((left, right) => left.pass - right.pass);
}
