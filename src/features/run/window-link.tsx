import { documentText, leavesWindowToProfile, ownWindowOf, setsWindow, windowFieldOf, withWindow, withoutWindow, type ConfigDocument } from '../../engine/config';
import { useConfigStore } from '../../state/config-store';
import { useLabStore } from '../../state/store';
import { formatInteger } from '../../ui/format';

/**
 * Says where the run's window comes from — the page's context window, inherited while the config sets none; the
 * config's own; or left to the profile (`null`) — and lets the user switch between inheriting and a window of the
 * run's own. Whenever the run's window differs from the page's, both values are named. `runWindow` is the window the
 * run will use (the checked run document's limits); nothing is shown for a profile without a window.
 */
export function WindowLink({ runWindow, document, disabled }: { runWindow?: number; document?: ConfigDocument; disabled: boolean }) {
  const configEdited = useConfigStore((state) => state.configEdited);
  const pageWindow = useLabStore((state) => state.contextWindow);
  if (!document || windowFieldOf(document) === undefined) return null;
  const isOwn = setsWindow(document);
  const choose = (own: boolean) => configEdited(documentText(own ? withWindow(document, pageWindow) : withoutWindow(document)));
  return (
    <div className="window-link" data-testid="window-link">
      <label>
        <input type="checkbox" checked={isOwn} disabled={disabled} onChange={(event) => choose(event.target.checked)} /> Use a different window for this run
      </label>
      <span className={isOwn && runWindow !== pageWindow ? 'warning-text' : 'muted'}>{windowSentence(document, isOwn, runWindow, pageWindow)}</span>
    </div>
  );
}

/** Where the run's window comes from, in one sentence. */
function windowSentence(document: ConfigDocument, isOwn: boolean, runWindow: number | undefined, pageWindow: number): string {
  const page = formatInteger(pageWindow);
  if (!isOwn) return `Window inherited from the page's context window (${page}, set in the header): the config sets none, so changing the page's window changes this run's.`;
  if (leavesWindowToProfile(document)) {
    const left = runWindow === undefined ? 'none, so its thresholds are not adapted to a window' : `its default, ${formatInteger(runWindow)}`;
    return `The config leaves the window to the profile (${left}); the page's is ${page}.`;
  }
  // A usable window the config sets is the run's; the worker's check may still be on its way.
  const window = ownWindowOf(document) ?? runWindow;
  if (window === undefined) return `The config's window is not usable as written; the page's is ${page}.`;
  if (window === pageWindow) return `This run's window is its own (${page}, the page's too for now).`;
  return `This run uses a ${formatInteger(window)}-token window; the page's is ${page}.`;
}
