import { useStepKeys } from '../../ui/use-step-keys';
import { leftPassOf, useCompareStore } from './compare-store';

const chooseLeft = useCompareStore.getState().leftChosen;

/**
 * The Diff's choice of the left side: the original or any pass before the chosen one, and "Previous pass", which keeps
 * the left one pass behind as the passes are stepped. The hint beside it names the keys: b compares with the previous
 * pass, o with the original.
 */
export function ComparePicker({ rightPass }: { rightPass: number }) {
  const choice = useCompareStore((state) => state.left);
  const leftPass = leftPassOf(choice, rightPass);
  useStepKeys('b', 'o', (direction) => chooseLeft(direction === 1 ? { kind: 'previous' } : { kind: 'original' }));
  const isFollowing = choice.kind === 'previous';
  return (
    <span className="diff-compare" role="group" aria-label="Compare">
      <label>
        <select aria-label="Left side" value={leftPass} disabled={rightPass < 2} onChange={(event) => chooseLeft(Number(event.target.value) === 0 ? { kind: 'original' } : { kind: 'pass', pass: Number(event.target.value) })}>
          <option value={0}>Original</option>
          {Array.from({ length: Math.max(0, rightPass - 1) }, (_, index) => (
            <option key={index + 1} value={index + 1}>
              After pass {index + 1}
            </option>
          ))}
        </select>
      </label>
      <button type="button" aria-pressed={isFollowing} disabled={rightPass < 1} onClick={() => chooseLeft(isFollowing ? { kind: 'original' } : { kind: 'previous' })} title="Compare with the pass before the chosen one, as you step passes (b; o for the original)" aria-keyshortcuts="b o">
        Previous pass
      </button>
      <span className="muted" title="b: compare with the previous pass · o: with the original">keys b / o</span>
    </span>
  );
}
