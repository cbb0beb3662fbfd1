import { useMemo } from 'react';
import { useSelectedTranscript } from '../../state/selectors';
import { useLabStore } from '../../state/store';
import { pairToolCalls } from '../../engine/transcript';

/** Buttons that jump to the first orphan result and the first unanswered call, when there are any. */
export function PairProblems() {
  const run = useSelectedTranscript();
  const firstProblems = useMemo(() => {
    if (!run) return undefined;
    const pairs = pairToolCalls(run.messages);
    const indexOf = (messageId: string | undefined) => (messageId === undefined ? -1 : run.messages.findIndex((message) => message.id === messageId));
    return { orphan: indexOf(pairs.orphanResults[0]?.messageId), unanswered: indexOf(pairs.unansweredCalls[0]?.messageId) };
  }, [run]);
  if (!firstProblems || (firstProblems.orphan < 0 && firstProblems.unanswered < 0)) return null;
  const focus = (index: number) => useLabStore.getState().messageFocused(index);
  return (
    <span className="pair-problems">
      {firstProblems.orphan >= 0 && (
        <button type="button" className="link-button" onClick={() => focus(firstProblems.orphan)}>first orphan result (#{firstProblems.orphan + 1})</button>
      )}
      {firstProblems.unanswered >= 0 && (
        <button type="button" className="link-button" onClick={() => focus(firstProblems.unanswered)}>first unanswered call (#{firstProblems.unanswered + 1})</button>
      )}
    </span>
  );
}
