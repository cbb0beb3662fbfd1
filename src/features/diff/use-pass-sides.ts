import { useMemo } from 'react';
import type { PassRetention, PassSnapshot } from '../../engine';
import type { Message } from '../../engine/transcript';
import { useLabStore } from '../../state/store';
import { useInspection } from '../../state/use-inspection';
import { usePassBreakdowns } from '../../state/use-pass-breakdowns';
import { useRetention } from '../../state/use-retention';
import { useRunFigures, type RunFigures } from '../../state/use-run-figures';
import type { PassBreakdown } from '../../worker-client/run-protocol';
import type { CompareSide, SideFigures } from './compare-side';
import { originalState, passState } from './diff-state';

const noSnapshots: PassSnapshot[] = [];
const noMessages: Message[] = [];

/** The name a state of the shown run goes by. */
export function passLabel(pass: number): string {
  return pass === 0 ? 'Original' : `After pass ${pass}`;
}

function sideOf(pass: number, states: readonly CompareSide['state'][], figures: RunFigures, breakdowns: readonly PassBreakdown[], retention: readonly PassRetention[]): CompareSide {
  const measured = retention.find((candidate) => candidate.pass === pass);
  const needed = measured?.needWeighted;
  const sideFigures: SideFigures = {
    context: figures.states[pass]?.context,
    byKind: breakdowns.find((breakdown) => breakdown.pass === pass)?.byKind,
    factRetention: measured?.cumulative.overall,
    needRetention: needed && !needed.nothingNeeded ? needed.score : undefined,
  };
  return { label: passLabel(pass), state: states[pass], figures: sideFigures };
}

/**
 * The shown run's original and passes as comparison sides, with the page's figures: context tokens as the header and
 * the timeline state them, exact tokens by kind from the worker's breakdowns (the Tokens tab's), and the Retention tab's
 * fact and need-weighted retention. `leftPass` and `rightPass` are 0 for the original.
 */
export function usePassSides(leftPass: number, rightPass: number): { left: CompareSide; right: CompareSide; basis: RunFigures['basis'] } {
  const { transcript, transcriptKey, result, resultId } = useInspection();
  const encoding = useLabStore((state) => state.encoding);
  const figures = useRunFigures();
  const { breakdowns } = usePassBreakdowns(transcriptKey, encoding, resultId, result !== undefined);
  const { passes: retention } = useRetention(resultId);
  const passes = result?.passes ?? noSnapshots;
  const original = transcript?.messages ?? noMessages;
  // One state object per pass, so the same pass on both sides is the same state and a re-render aligns nothing anew.
  const states = useMemo(() => [originalState(original), ...passes.map((_, index) => passState(passes, index + 1))], [original, passes]);
  const right = Math.min(rightPass, states.length - 1);
  const left = Math.min(leftPass, right);
  return useMemo(
    () => ({ left: sideOf(left, states, figures, breakdowns, retention), right: sideOf(right, states, figures, breakdowns, retention), basis: figures.basis }),
    [left, right, states, figures, breakdowns, retention],
  );
}
