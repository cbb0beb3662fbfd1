import { useShallow } from 'zustand/react/shallow';
import { useRunStore } from '../../app/run-store';
import { useLabStore } from '../../app/store';
import { formatInteger } from '../../ui/format';

/**
 * Says whether the run's window is the page's (one setting, edited from either place) and lets the user choose a
 * different window for this run; when it differs, both values are named.
 */
export function WindowLink({ runWindow, disabled }: { runWindow?: number; disabled: boolean }) {
  const { hasOwnWindow, ownWindowChosen } = useRunStore(useShallow((state) => ({ hasOwnWindow: state.hasOwnWindow, ownWindowChosen: state.ownWindowChosen })));
  const pageWindow = useLabStore((state) => state.contextWindow);
  if (runWindow === undefined) return null;
  const differs = hasOwnWindow && runWindow !== pageWindow;
  return (
    <div className="window-link" data-testid="window-link">
      <label>
        <input type="checkbox" checked={hasOwnWindow} disabled={disabled} onChange={(event) => ownWindowChosen(event.target.checked)} /> Use a different window for this run
      </label>
      <span className={differs ? 'warning-text' : 'muted'}>
        {differs
          ? `This run uses a ${formatInteger(runWindow)}-token window; the page's is ${formatInteger(pageWindow)}.`
          : `Window linked to the page's context window (${formatInteger(pageWindow)}): changing either changes both.`}
      </span>
    </div>
  );
}
