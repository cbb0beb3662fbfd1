import { providerIds, type ProviderId } from '../../providers/live/provider-spec';

/**
 * Where a key is kept: only in the worker's memory (gone on reload, the default), in this tab's sessionStorage, or in
 * this browser's localStorage. The last two are the user's explicit opt-in; nothing else ever writes a key anywhere.
 */
export type KeyMemory = 'worker' | 'tab' | 'device';

const storageKey = 'compaction-lab/keys';

function storageOf(memory: Exclude<KeyMemory, 'worker'>): Storage {
  return memory === 'tab' ? sessionStorage : localStorage;
}

function readStored(storage: Storage): Partial<Record<ProviderId, string>> {
  try {
    const parsed: unknown = JSON.parse(storage.getItem(storageKey) ?? '{}');
    if (typeof parsed !== 'object' || parsed === null) return {};
    const keys: Partial<Record<ProviderId, string>> = {};
    for (const provider of providerIds) {
      const key = (parsed as Record<string, unknown>)[provider];
      if (typeof key === 'string' && key.trim() !== '' && key.length < 1000) keys[provider] = key;
    }
    return keys;
  } catch {
    return {};
  }
}

function writeStored(storage: Storage, keys: Partial<Record<ProviderId, string>>): void {
  if (Object.keys(keys).length === 0) storage.removeItem(storageKey);
  else storage.setItem(storageKey, JSON.stringify(keys));
}

/** Forgets a provider's remembered key in both places. */
export function forgetRememberedKey(provider: ProviderId): void {
  for (const memory of ['tab', 'device'] as const) {
    const storage = storageOf(memory);
    const kept = Object.entries(readStored(storage)).filter(([held]) => held !== provider);
    writeStored(storage, Object.fromEntries(kept));
  }
}

/** Keeps a key where the user chose (and only there); `worker` keeps it nowhere on the page. */
export function rememberKey(provider: ProviderId, key: string, memory: KeyMemory): void {
  forgetRememberedKey(provider);
  if (memory === 'worker') return;
  const storage = storageOf(memory);
  writeStored(storage, { ...readStored(storage), [provider]: key });
}

/** Every remembered key with where it is kept, to hand back to a fresh worker on page load. */
export function rememberedKeys(): { provider: ProviderId; key: string; memory: KeyMemory }[] {
  const found: { provider: ProviderId; key: string; memory: KeyMemory }[] = [];
  for (const memory of ['tab', 'device'] as const) {
    for (const [provider, key] of Object.entries(readStored(storageOf(memory)))) found.push({ provider: provider as ProviderId, key, memory });
  }
  return found;
}

/** Forgets every remembered key in both places. */
export function forgetAllRememberedKeys(): void {
  sessionStorage.removeItem(storageKey);
  localStorage.removeItem(storageKey);
}
