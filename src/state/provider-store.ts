import { create } from 'zustand';
import { createJSONStorage, persist } from 'zustand/middleware';
import { defaultPriceTable, type PriceTable } from '../providers/live/pricing';
import { providerIds, type ProviderId } from '../providers/live/provider-spec';
import type { MaskedProviderKey } from '../worker-client/provider-protocol';
import { readPriceTable } from './price-table-input';

/** The two rungs of the summarizer ladder: the cheap model tried first, and the main one. */
export type RungName = 'smol' | 'main';

/** One rung as the user is editing it. `provider: 'none'` (smol only) runs main alone; an empty base URL means the provider's own. */
export interface RungDraft {
  provider: ProviderId | 'none';
  model: string;
  baseURL: string;
}

/** Which summarizer a run uses: the offline extractive one (no key, no network) or the live providers. */
export type SummarizerMode = 'offline' | 'live';

/** The provider settings. Rungs, mode and prices persist; keys never do (only their masks live here, in memory). */
export interface ProviderState {
  mode: SummarizerMode;
  rungs: Record<RungName, RungDraft>;
  prices: PriceTable;
  /** The keys the worker holds, masked (`••••last4`); refreshed after every key change. */
  heldKeys: MaskedProviderKey[];
  modeChosen(mode: SummarizerMode): void;
  rungEdited(rung: RungName, change: Partial<RungDraft>): void;
  pricesEdited(prices: PriceTable): void;
  keysListed(keys: MaskedProviderKey[]): void;
}

const defaultRungs: Record<RungName, RungDraft> = {
  smol: { provider: 'openai', model: 'gpt-4o-mini', baseURL: '' },
  main: { provider: 'openai', model: 'gpt-4o', baseURL: '' },
};

/** A stored rung, taken only when every field is one this build understands (storage is outside input). */
function readRung(value: unknown, rung: RungName): RungDraft | undefined {
  if (typeof value !== 'object' || value === null) return undefined;
  const { provider, model, baseURL } = value as Record<string, unknown>;
  const isProvider = (providerIds as readonly unknown[]).includes(provider) || (rung === 'smol' && provider === 'none');
  if (!isProvider || typeof model !== 'string' || model.length > 200 || typeof baseURL !== 'string' || baseURL.length > 500) return undefined;
  return { provider: provider as RungDraft['provider'], model, baseURL };
}

/** The page's provider settings. What persists is named in `partialize`: never a key. */
export const useProviderStore = create<ProviderState>()(
  persist(
    (set) => ({
      mode: 'offline',
      rungs: defaultRungs,
      prices: defaultPriceTable,
      heldKeys: [],
      modeChosen: (mode) => set({ mode }),
      rungEdited: (rung, change) => set((state) => ({ rungs: { ...state.rungs, [rung]: { ...state.rungs[rung], ...change } } })),
      pricesEdited: (prices) => set({ prices }),
      keysListed: (heldKeys) => set({ heldKeys }),
    }),
    {
      name: 'compaction-lab/providers',
      version: 1,
      storage: createJSONStorage(() => localStorage),
      partialize: (state) => ({ mode: state.mode, rungs: state.rungs, prices: state.prices }),
      merge: (persisted, current) => {
        const stored = (persisted ?? {}) as Record<string, unknown>;
        const rungs = (stored.rungs ?? {}) as Record<string, unknown>;
        return {
          ...current,
          mode: stored.mode === 'live' ? 'live' : 'offline',
          rungs: { smol: readRung(rungs.smol, 'smol') ?? current.rungs.smol, main: readRung(rungs.main, 'main') ?? current.rungs.main },
          prices: readPriceTable(stored.prices) ?? current.prices,
        };
      },
    },
  ),
);
