import { create } from 'zustand';
import { createJSONStorage, persist } from 'zustand/middleware';
import { keySlotOf, providerIds, type ProviderId } from '../providers/live/provider-spec';
import type { PriceOverrides } from '../providers/prices/overrides';
import type { MaskedProviderKey } from '../worker-client/provider-protocol';
import { withoutFormerDefaults } from './former-price-table';
import { readPriceTable } from '../providers/prices/price-table-input';

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

/** The provider settings. Rungs, mode and price overrides persist; keys never do (only their masks live here, in memory). */
export interface ProviderState {
  mode: SummarizerMode;
  rungs: Record<RungName, RungDraft>;
  /** The user's prices, each overriding the catalog's for its model (or pricing a model the catalog lacks). */
  prices: PriceOverrides;
  /** The keys the worker holds, masked (`••••last4`); refreshed after every key change. */
  heldKeys: MaskedProviderKey[];
  modeChosen(mode: SummarizerMode): void;
  rungEdited(rung: RungName, change: Partial<RungDraft>): void;
  pricesEdited(prices: PriceOverrides): void;
  keysListed(keys: MaskedProviderKey[]): void;
}

/** No smol rung: main alone. The rung starts so until the user chooses one, so no run asks for a provider they did not pick. */
const noSmol: RungDraft = { provider: 'none', model: '', baseURL: '' };

const defaultRungs: Record<RungName, RungDraft> = {
  smol: noSmol,
  main: { provider: 'openai', model: 'gpt-4o', baseURL: '' },
};

/**
 * Stored settings of version 1, whose smol rung started as OpenAI's gpt-4o-mini and was stored with any change: still
 * at that default beside a main model of another provider, it was never chosen (a user who set a local main model got
 * "No API key is set for openai"), so it reads as none. Beside a main model that takes the OpenAI key (either OpenAI API) it may well be wanted, and stays.
 */
function migratedRungs(persisted: unknown, version: number): unknown {
  if (version >= 2 || typeof persisted !== 'object' || persisted === null) return persisted;
  const stored = persisted as Record<string, unknown>;
  const rungs = (stored.rungs ?? {}) as Record<string, Record<string, unknown> | undefined>;
  const smol = rungs.smol;
  const isFormerDefault = smol?.provider === 'openai' && smol.model === 'gpt-4o-mini' && smol.baseURL === '';
  const main = rungs.main?.provider;
  const mainUsesOpenAIKey = (providerIds as readonly unknown[]).includes(main) && keySlotOf(main as ProviderId) === 'openai';
  return isFormerDefault && !mainUsesOpenAIKey ? { ...stored, rungs: { ...rungs, smol: noSmol } } : persisted;
}

/**
 * Stored settings before version 3 carried a price table that started as a hand-written list of 12 models: the catalog
 * now prices every model, so entries still at those figures go and only the user's own changes stay, as overrides.
 */
function migratedPrices(persisted: unknown, version: number): unknown {
  if (version >= 3 || typeof persisted !== 'object' || persisted === null) return persisted;
  const stored = persisted as Record<string, unknown>;
  return 'prices' in stored ? { ...stored, prices: withoutFormerDefaults(stored.prices) } : persisted;
}

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
      prices: {},
      heldKeys: [],
      modeChosen: (mode) => set({ mode }),
      rungEdited: (rung, change) => set((state) => ({ rungs: { ...state.rungs, [rung]: { ...state.rungs[rung], ...change } } })),
      pricesEdited: (prices) => set({ prices }),
      keysListed: (heldKeys) => set({ heldKeys }),
    }),
    {
      name: 'compaction-lab/providers',
      version: 3,
      migrate: (persisted, version) => migratedPrices(migratedRungs(persisted, version), version),
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
