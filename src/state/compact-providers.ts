import { providerSpecSchema } from '../providers/live/provider-spec';
import type { CompactProviders, ProviderSpec } from '../worker-client/protocol';
import type { RungDraft, RungName } from './provider-store';

/** A rung's draft as a spec, or what is wrong with it in words that name the rung and the field. */
export function specOfRung(rung: RungName, draft: RungDraft): { spec?: ProviderSpec } | { error: string } {
  if (draft.provider === 'none') return rung === 'smol' ? {} : { error: 'Choose a provider for the main model.' };
  const baseURL = draft.baseURL.trim();
  if (baseURL !== '' && /^[a-z]+:\/\/[^/]*@/i.test(baseURL)) {
    return { error: `The ${rung} base URL must not carry a user name or password; keys go in the key field.` };
  }
  const parsed = providerSpecSchema.safeParse({ provider: draft.provider, model: draft.model, baseURL: baseURL === '' ? undefined : baseURL });
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    const field = issue?.path.join('.') || 'spec';
    return { error: `${rung === 'smol' ? 'Cheap model' : 'Main'} ${field === 'baseURL' ? 'base URL' : field}: ${issue?.message ?? 'invalid'}` };
  }
  return { spec: parsed.data };
}

/** The live providers of a run (main, and smol when chosen), or the first problem with them. */
export function compactProvidersOf(rungs: Record<RungName, RungDraft>): { providers: CompactProviders } | { error: string } {
  const main = specOfRung('main', rungs.main);
  if ('error' in main) return main;
  const smol = specOfRung('smol', rungs.smol);
  if ('error' in smol) return smol;
  if (!main.spec) return { error: 'Choose a provider for the main model.' };
  return { providers: smol.spec ? { smol: smol.spec, main: main.spec } : { main: main.spec } };
}
