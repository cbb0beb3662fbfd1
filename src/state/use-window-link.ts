import { useEffect } from 'react';
import { useRunStore } from './run-store';
import { useLabStore } from './store';
import { pageWindowOf, withWindow } from './window-link';

/** How long the config's window must stay put before the page takes it: typing 40000 must not set a 4-token window on the way. */
const settleMs = 400;

/**
 * Makes the page's context window and the run config's window one setting: choosing a window in the header writes it
 * into the config, and editing the config's window (its field or its JSON) sets the page's once the typing settles.
 * The link holds until the user chooses a different window for the run (`hasOwnWindow`); choosing the link again puts
 * the page's window back into the config.
 */
export function useWindowLink(): void {
  useEffect(() => {
    let pending: ReturnType<typeof setTimeout> | undefined;
    const toConfig = (contextWindow: number) => {
      const run = useRunStore.getState();
      if (run.hasOwnWindow || run.configText === undefined) return;
      const text = withWindow(run.configText, run.profile, contextWindow);
      if (text !== undefined) run.configEdited(text);
    };
    const stopPage = useLabStore.subscribe((state, previous) => {
      if (state.contextWindow !== previous.contextWindow) toConfig(state.contextWindow);
    });
    const stopRun = useRunStore.subscribe((state, previous) => {
      if (state.hasOwnWindow !== previous.hasOwnWindow && !state.hasOwnWindow) return toConfig(useLabStore.getState().contextWindow);
      if (state.hasOwnWindow || state.configText === previous.configText || state.configText === undefined) return;
      clearTimeout(pending);
      pending = setTimeout(() => {
        const run = useRunStore.getState();
        const window = run.hasOwnWindow || run.configText === undefined ? undefined : pageWindowOf(run.configText, run.profile);
        if (window !== undefined && window !== useLabStore.getState().contextWindow) useLabStore.getState().contextWindowChosen(window);
      }, settleMs);
    });
    return () => {
      clearTimeout(pending);
      stopPage();
      stopRun();
    };
  }, []);
}
