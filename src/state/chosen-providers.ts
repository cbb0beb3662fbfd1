import { baseUrlOf } from '../providers/live/provider-spec';
import type { CompactProviders } from '../worker-client/protocol';
import { compactProvidersOf } from './compact-providers';
import { isConnectAllowed } from './connect-policy';
import type { RungDraft, RungName, SummarizerMode } from './provider-store';

/**
 * The live providers a run on the page uses (none when the summarizer is offline), or why it cannot run: a rung is
 * incomplete, or the page's security policy does not yet allow a rung's host. The inspector's run, A/B and the
 * comparison with the agent all choose through this, so they refuse alike.
 */
export function chosenProviders(mode: SummarizerMode, rungs: Record<RungName, RungDraft>): { providers?: CompactProviders } | { error: string } {
  if (mode === 'offline') return {};
  const chosen = compactProvidersOf(rungs);
  if ('error' in chosen) return chosen;
  for (const spec of [chosen.providers.smol, chosen.providers.main]) {
    if (spec && !isConnectAllowed(baseUrlOf(spec))) {
      return { error: `This page's security policy does not allow ${new URL(baseUrlOf(spec)).origin} yet; allow it in the Summarizer settings.` };
    }
  }
  return chosen;
}
