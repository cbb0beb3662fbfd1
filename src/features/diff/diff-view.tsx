import { useMemo } from 'react';
import { declaredPins } from '../../engine/config';
import { useSummaryAuthors } from '../../state/summary-authors';
import { StrategyText } from '../../ui/term';
import { ComparePicker } from './compare-picker';
import { CompareStates } from './compare-states';
import { leftPassOf, useCompareStore } from './compare-store';
import { useDiffData } from './use-diff-data';
import { passLabel, usePassSides } from './use-pass-sides';

const noPins: readonly { line: string; skills: string[] }[] = [];

/**
 * The "Diff" tab: the chosen pass's output beside the original — or beside any earlier pass, "Previous pass" keeping
 * it one behind — aligned by message and badged with each message's fate between the two, with filters, search,
 * change stepping, the pinned-operative check and the metric table of both sides.
 */
export function DiffView() {
  const { transcript, snapshot, pass, runConfig, note, awaitsRun } = useDiffData();
  const authors = useSummaryAuthors();
  const choice = useCompareStore((state) => state.left);
  const leftPass = leftPassOf(choice, pass);
  const { left, right, basis } = usePassSides(leftPass, pass);
  const pins = useMemo(() => (pass > 0 && runConfig ? declaredPins(runConfig) : noPins), [pass, runConfig]);

  if (!transcript) return <p className="muted">{note}</p>;
  if (awaitsRun) {
    return (
      <section className="diff-view diff-awaits-run" aria-label="Diff of original and compacted">
        <p className="empty-state" role="note">{note}</p>
      </section>
    );
  }
  const rightHeading =
    pass === 0 ? 'Original (no pass chosen)' : (
      <>
        {passLabel(pass)}
        {snapshot && <>: <StrategyText strategy={snapshot.strategy} author={authors.get(pass)} /></>}
      </>
    );
  return (
    <CompareStates
      left={left}
      right={right}
      basis={basis}
      pins={pins}
      rightHeading={rightHeading}
      leftHeading={<ComparePicker rightPass={pass} />}
      note={note}
    />
  );
}
