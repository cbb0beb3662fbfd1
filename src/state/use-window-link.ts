import { useEffect } from 'react';
import { useConfigStore } from './config-store';
import { useRunStore } from './run-store';
import { useLabStore } from './store';
import { pageWindowOf, withWindow } from './window-link';

/** How long the config's window must stay put before the page takes it: typing 40000 must not set a 4-token window on the way. */
const settleMs = 400;

/**
 * Makes the page's context window and the run config's window one setting: choosing a window in the header writes it
 * into the config, and editing the config's window (its field or its JSON) sets the page's once the typing settles.
 * The link holds until the user chooses a different window for the run (`hasOwnWindow`); choosing the link again puts
 * the page's window back into the config. (An untouched config follows the page's window in the config store itself.)
 */
export function useWindowLink(): void {
  useEffect(() => {
    let pending: ReturnType<typeof setTimeout> | undefined;
    const toConfig = (contextWindow: number) => {
      const config = useConfigStore.getState();
      if (useRunStore.getState().hasOwnWindow || !config.isEdited) return;
      const text = withWindow(config.config.document, contextWindow);
      if (text !== undefined) config.configEdited(text);
    };
    const stopPage = useLabStore.subscribe((state, previous) => {
      if (state.contextWindow !== previous.contextWindow) toConfig(state.contextWindow);
    });
    const stopRun = useRunStore.subscribe((state, previous) => {
      if (state.hasOwnWindow !== previous.hasOwnWindow && !state.hasOwnWindow) toConfig(useLabStore.getState().contextWindow);
    });
    const stopConfig = useConfigStore.subscribe((state, previous) => {
      if (useRunStore.getState().hasOwnWindow || state.config.text === previous.config.text || !state.isEdited) return;
      clearTimeout(pending);
      pending = setTimeout(() => {
        const config = useConfigStore.getState();
        const window = useRunStore.getState().hasOwnWindow || !config.isEdited ? undefined : pageWindowOf(config.config.document);
        if (window !== undefined && window !== useLabStore.getState().contextWindow) useLabStore.getState().contextWindowChosen(window);
      }, settleMs);
    });
    return () => {
      clearTimeout(pending);
      stopPage();
      stopRun();
      stopConfig();
    };
  }, []);
}
