import { useCallback, useEffect } from 'react';
import type { ProviderId } from '../../providers/live/provider-spec';
import { labClient } from '../../worker-client/lab-client';
import { unwrap } from '../../worker-client/reply';
import { useProviderStore } from '../../state/provider-store';
import { forgetAllRememberedKeys, forgetRememberedKey, rememberKey, rememberedKeys, type KeyMemory } from './remembered-keys';

async function refreshHeldKeys(): Promise<void> {
  useProviderStore.getState().keysListed(unwrap(await labClient.listProviderKeys()));
}

/**
 * Makes the worker hold every key the user chose to remember, and the page show what the worker really holds. Run on
 * page load and whenever the dialog opens: a worker that died and restarted has lost its memory-only keys, and the
 * masks shown must not claim otherwise.
 */
export async function syncHeldKeys(): Promise<void> {
  const held = unwrap(await labClient.listProviderKeys());
  const missing = rememberedKeys().filter((remembered) => !held.some((key) => key.provider === remembered.provider));
  (await Promise.all(missing.map(({ provider, key }) => labClient.setProviderKey(provider, key)))).forEach(unwrap);
  useProviderStore.getState().keysListed(missing.length > 0 ? unwrap(await labClient.listProviderKeys()) : held);
}

/** Hands the remembered keys to the worker once, when the page opens. */
export function useRestoredKeys(): void {
  useEffect(() => {
    syncHeldKeys().catch(() => undefined);
  }, []);
}

/** Saving, clearing and forgetting keys. The key goes to the worker; the page keeps it only where the user opted in. */
export function useKeyActions(): {
  saveKey(provider: ProviderId, key: string, memory: KeyMemory): Promise<void>;
  clearKey(provider: ProviderId): Promise<void>;
  forgetAllKeys(): Promise<void>;
} {
  const saveKey = useCallback(async (provider: ProviderId, key: string, memory: KeyMemory) => {
    unwrap(await labClient.setProviderKey(provider, key));
    rememberKey(provider, key.trim(), memory);
    await refreshHeldKeys();
  }, []);
  const clearKey = useCallback(async (provider: ProviderId) => {
    unwrap(await labClient.setProviderKey(provider, null));
    forgetRememberedKey(provider);
    await refreshHeldKeys();
  }, []);
  const forgetAllKeys = useCallback(async () => {
    forgetAllRememberedKeys();
    unwrap(await labClient.clearProviderKeys());
    await refreshHeldKeys();
  }, []);
  return { saveKey, clearKey, forgetAllKeys };
}
