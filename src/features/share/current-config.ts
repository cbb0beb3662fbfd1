import { documentText, type ConfigDocument, type ConfigPair } from '../../engine/config';
import type { ProfileId } from '../../engine/profiles/meta';
import { useConfigStore } from '../../state/config-store';
import { configTextProblem } from '../../state/parsed-config';
import { useRunDocument } from '../../state/run-document';

/**
 * The run panel's config document as it runs (with the page's window where it sets none, so a shared or exported
 * config runs alike anywhere), or why it cannot be shared (the text is not a JSON object).
 */
export function useCurrentConfig(): { config: ConfigDocument } | { error: string } {
  const config = useConfigStore((state) => state.config);
  const document = useRunDocument();
  if (!document) return { error: `${configTextProblem(config) ?? 'The config is not a JSON object.'} Fix it in the Config JSON box first.` };
  return { config: document };
}

/**
 * Puts a shared config into the page: its profile, then its document as the run panel's config text (variant A), and
 * the A/B pair's B, when it carries one, as the A/B tab's variant B (its prompt overrides inside it). Nothing runs;
 * the user still presses Run.
 */
export function applySharedConfig(profile: ProfileId, config: ConfigDocument, pair?: ConfigPair): void {
  const store = useConfigStore.getState();
  store.profileChosen(profile);
  store.configEdited(documentText(config));
  if (pair) store.variantBEdited(documentText(pair.b));
}
