import { useShallow } from 'zustand/react/shallow';
import { useConfigStore } from '../../state/config-store';
import { useRunStore } from '../../state/run-store';
import { useLabStore } from '../../state/store';
import { withWindow } from '../../state/window-link';
import { formatInteger } from '../../ui/format';

/**
 * Says whether the run's window is the page's (one setting, edited from either place) and lets the user choose a
 * different window for this run; whenever the two differ, both values are named — also when the config's own window
 * is missing or unusable, which breaks the link, with a way to mend it.
 */
export function WindowLink({ runWindow, document, disabled }: { runWindow?: number; document: unknown; disabled: boolean }) {
  const { hasOwnWindow, ownWindowChosen } = useRunStore(useShallow((state) => ({ hasOwnWindow: state.hasOwnWindow, ownWindowChosen: state.ownWindowChosen })));
  const configEdited = useConfigStore((state) => state.configEdited);
  const pageWindow = useLabStore((state) => state.contextWindow);
  if (runWindow === undefined) return null;
  const differs = runWindow !== pageWindow;
  const mended = withWindow(document, pageWindow);
  return (
    <div className="window-link" data-testid="window-link">
      <label>
        <input type="checkbox" checked={hasOwnWindow} disabled={disabled} onChange={(event) => ownWindowChosen(event.target.checked)} /> Use a different window for this run
      </label>
      {!differs && <span className="muted">{hasOwnWindow ? `This run's window is its own (${formatInteger(runWindow)}, the page's too for now).` : `Window linked to the page's context window (${formatInteger(pageWindow)}): changing either changes both.`}</span>}
      {differs && (
        <span className="warning-text">
          This run uses a {formatInteger(runWindow)}-token window; the page's is {formatInteger(pageWindow)}.
          {!hasOwnWindow && ' The config’s window is missing or unusable, so the two are not linked.'}
          {!hasOwnWindow && mended !== undefined && (
            <button type="button" disabled={disabled} onClick={() => configEdited(mended)}>
              Use the page's window
            </button>
          )}
        </span>
      )}
    </div>
  );
}
