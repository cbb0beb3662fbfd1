import { useConfigStore } from '../../state/config-store';
import { isRecord } from '../../state/document-paths';
import { profileIds, type ProfileId } from '../../engine/profiles/meta';

/** The run panel's config document as an object, or why it cannot be shared (the text is not a JSON object). */
export function useCurrentConfig(): { config: Record<string, unknown> } | { error: string } {
  const config = useConfigStore((state) => state.config);
  if (config.syntaxProblem) return { error: `The config is not valid JSON (${config.syntaxProblem.parserMessage}); fix it in the Config JSON box first.` };
  if (!isRecord(config.document)) return { error: 'The config is not a JSON object; fix it in the Config JSON box first.' };
  return { config: config.document };
}

/**
 * Puts a shared config into the run panel: its profile, then its document as the edited config text. Nothing runs;
 * the user still presses Run.
 */
export function applySharedConfig(profile: ProfileId, config: Record<string, unknown>): void {
  if (!profileIds.includes(profile)) return;
  const store = useConfigStore.getState();
  store.profileChosen(profile);
  store.configEdited(JSON.stringify(config, null, 2));
}
