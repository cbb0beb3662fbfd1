import type { RungDraft, RungName } from '../../state/provider-store';
import { defaultConfigText } from '../../state/default-config';
import type { ProfileId } from '../../engine/profiles/profile-catalog';

/**
 * Variant A's config text: what the Compaction panel holds, or (untouched) its profile's defaults for the window —
 * the same document the panel shows, so A is exactly what "Run compaction" would run.
 */
export function configTextOfA(configText: string | undefined, profile: ProfileId, contextWindow: number): string {
  return configText ?? defaultConfigText(profile, contextWindow);
}

/** A variant's config text as JSON, or where it is not JSON (naming the variant). */
export function readVariantConfig(name: string, text: string): { config: unknown } | { error: string } {
  try {
    return { config: JSON.parse(text) };
  } catch (error) {
    return { error: `Variant ${name}'s config is not valid JSON: ${error instanceof Error ? error.message : String(error)}` };
  }
}

/** B's rungs: A's providers and base URLs with B's own model ids where the user gave them (blank keeps A's). */
export function rungsOfB(rungs: Record<RungName, RungDraft>, models: { main: string; smol: string }): Record<RungName, RungDraft> {
  const withModel = (draft: RungDraft, model: string): RungDraft => (model.trim() === '' ? draft : { ...draft, model: model.trim() });
  return { main: withModel(rungs.main, models.main), smol: withModel(rungs.smol, models.smol) };
}

/** How the panel names a variant's summarizer: "offline summarizer", or "main=gpt-4o, smol=gpt-4o-mini". */
export function summarizerLabel(mode: 'offline' | 'live', rungs: Record<RungName, RungDraft>): string {
  if (mode === 'offline') return 'offline summarizer';
  const main = `main=${rungs.main.model}`;
  return rungs.smol.provider === 'none' ? main : `${main}, smol=${rungs.smol.model}`;
}
