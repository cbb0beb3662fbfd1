import { keySlotOf, type ProviderId } from '../providers/live/provider-spec';
import type { MaskedProviderKey } from '../worker-client/provider-protocol';

/** Keys held in worker memory. Nothing here hands a whole key to the main thread; only the worker's own callers read it. */
export interface ProviderKeyStore {
  /** Stores a key (trimmed), or clears it when `key` is null or blank. */
  set(provider: ProviderId, key: string | null): void;
  /** The key a call to `provider` uses, if one is held. */
  get(provider: ProviderId): string | undefined;
  /** Every held key, masked. */
  list(): MaskedProviderKey[];
  clear(): void;
}

/** `••••` and the key's last four characters — enough for the user to tell keys apart, too little to use one. */
export function maskKey(key: string): string {
  return `••••${key.slice(-4)}`;
}

/** A fresh in-memory key store (one per worker: keys vanish when the worker ends). */
export function createProviderKeyStore(): ProviderKeyStore {
  const keys = new Map<ProviderId, string>();
  return {
    set(provider, key) {
      const trimmed = key?.trim() ?? '';
      if (trimmed === '') keys.delete(keySlotOf(provider));
      else keys.set(keySlotOf(provider), trimmed);
    },
    get: (provider) => keys.get(keySlotOf(provider)),
    list: () => [...keys].map(([provider, key]) => ({ provider, last4: maskKey(key) })),
    clear: () => keys.clear(),
  };
}
