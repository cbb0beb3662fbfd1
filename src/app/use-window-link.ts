import { useEffect } from 'react';
import { profileWindowFields } from '../engine/profiles/profile-catalog';
import { readConfigText } from './default-config';
import { useRunStore } from './run-store';
import { useLabStore } from './store';

/** The config's window field and its value, when the profile has one and the text is a JSON object. */
function configWindow(text: string, field: string): { document: Record<string, unknown>; window: unknown } | undefined {
  const read = readConfigText(text);
  if (!('config' in read) || typeof read.config !== 'object' || read.config === null || Array.isArray(read.config)) return undefined;
  const document = read.config as Record<string, unknown>;
  return { document, window: document[field] };
}

/**
 * Makes the page's context window and the run config's window one setting: choosing a window in the header writes it
 * into the config, and editing the config's window (its field or its JSON) sets the page's. The link holds until the
 * user chooses a different window for the run (`hasOwnWindow`); choosing the link again puts the page's window back.
 */
export function useWindowLink(): void {
  useEffect(() => {
    const toConfig = (contextWindow: number) => {
      const run = useRunStore.getState();
      const field = profileWindowFields[run.profile];
      if (run.hasOwnWindow || !field || run.configText === undefined) return;
      const current = configWindow(run.configText, field);
      if (!current || current.window === contextWindow) return;
      run.configEdited(JSON.stringify({ ...current.document, [field]: contextWindow }, null, 2));
    };
    const stopPage = useLabStore.subscribe((state, previous) => {
      if (state.contextWindow !== previous.contextWindow) toConfig(state.contextWindow);
    });
    const stopRun = useRunStore.subscribe((state, previous) => {
      if (state.hasOwnWindow !== previous.hasOwnWindow && !state.hasOwnWindow) return toConfig(useLabStore.getState().contextWindow);
      if (state.hasOwnWindow || state.configText === previous.configText || state.configText === undefined) return;
      const field = profileWindowFields[state.profile];
      const edited = field ? configWindow(state.configText, field)?.window : undefined;
      if (typeof edited === 'number' && Number.isInteger(edited) && edited > 0 && edited !== useLabStore.getState().contextWindow) useLabStore.getState().contextWindowChosen(edited);
    });
    return () => {
      stopPage();
      stopRun();
    };
  }, []);
}
