import type { RungDraft, RungName } from '../../state/provider-store';

/** B's rungs: A's providers and base URLs with B's own model ids where the user gave them (blank keeps A's). */
export function rungsOfB(rungs: Record<RungName, RungDraft>, models: { main: string; smol: string }): Record<RungName, RungDraft> {
  const withModel = (draft: RungDraft, model: string): RungDraft => (model.trim() === '' ? draft : { ...draft, model: model.trim() });
  return { main: withModel(rungs.main, models.main), smol: withModel(rungs.smol, models.smol) };
}

/** How the panel names a variant's summarizer: "offline summarizer", or "main gpt-4o, cheap model gpt-4o-mini" (smol, in plain words). */
export function summarizerLabel(mode: 'offline' | 'live', rungs: Record<RungName, RungDraft>): string {
  if (mode === 'offline') return 'offline summarizer';
  const main = `main ${rungs.main.model}`;
  return rungs.smol.provider === 'none' ? main : `${main}, cheap model ${rungs.smol.model}`;
}
