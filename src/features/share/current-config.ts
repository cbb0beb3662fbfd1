import { defaultConfigText } from '../../state/default-config';
import { useLabStore } from '../../state/store';
import { useRunStore } from '../../state/run-store';
import { profileIds, type ProfileId } from '../../engine/profiles/meta';

/** The run panel's config document as an object, or why it cannot be shared (the text is not a JSON object). */
export function useCurrentConfig(): { config: Record<string, unknown> } | { error: string } {
  const profile = useRunStore((state) => state.profile);
  const configText = useRunStore((state) => state.configText);
  const contextWindow = useLabStore((state) => state.contextWindow);
  try {
    const parsed: unknown = JSON.parse(configText ?? defaultConfigText(profile, contextWindow));
    if (typeof parsed !== 'object' || parsed === null || Array.isArray(parsed)) return { error: 'The config is not a JSON object; fix it in the Config JSON box first.' };
    return { config: parsed as Record<string, unknown> };
  } catch (error) {
    return { error: `The config is not valid JSON (${error instanceof Error ? error.message : String(error)}); fix it in the Config JSON box first.` };
  }
}

/**
 * Puts a shared config into the run panel: its profile, then its document as the edited config text. Nothing runs;
 * the user still presses Run.
 */
export function applySharedConfig(profile: ProfileId, config: Record<string, unknown>): void {
  if (!profileIds.includes(profile)) return;
  const store = useRunStore.getState();
  store.profileChosen(profile);
  store.configEdited(JSON.stringify(config, null, 2));
}
