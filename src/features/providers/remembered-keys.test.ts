import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { forgetAllRememberedKeys, forgetRememberedKey, rememberKey, rememberedKeys } from './remembered-keys';

/** A Web Storage in memory: the unit tests run in Node, which has none. */
class MemoryStorage implements Storage {
  private readonly items = new Map<string, string>();
  get length() {
    return this.items.size;
  }
  clear() {
    this.items.clear();
  }
  getItem(key: string) {
    return this.items.get(key) ?? null;
  }
  key(index: number) {
    return [...this.items.keys()][index] ?? null;
  }
  removeItem(key: string) {
    this.items.delete(key);
  }
  setItem(key: string, value: string) {
    this.items.set(key, value);
  }
}

const everything = () => JSON.stringify([globalThis.localStorage.getItem('compaction-lab/keys'), globalThis.sessionStorage.getItem('compaction-lab/keys')]);

describe('remembered keys', () => {
  beforeEach(() => {
    Object.assign(globalThis, { localStorage: new MemoryStorage(), sessionStorage: new MemoryStorage() });
  });
  afterEach(() => {
    Reflect.deleteProperty(globalThis, 'localStorage');
    Reflect.deleteProperty(globalThis, 'sessionStorage');
  });

  it('keeps a memory-only key nowhere, a tab key in sessionStorage and a device key in localStorage', () => {
    rememberKey('openai', 'sk-memory-1111', 'worker');
    rememberKey('anthropic', 'sk-tab-2222', 'tab');
    rememberKey('google', 'sk-device-3333', 'device');
    expect(everything()).not.toContain('sk-memory-1111');
    expect(globalThis.sessionStorage.getItem('compaction-lab/keys')).toContain('sk-tab-2222');
    expect(globalThis.localStorage.getItem('compaction-lab/keys')).toContain('sk-device-3333');
    expect(globalThis.localStorage.getItem('compaction-lab/keys')).not.toContain('sk-tab-2222');
    expect(rememberedKeys()).toEqual([
      { provider: 'anthropic', key: 'sk-tab-2222', memory: 'tab' },
      { provider: 'google', key: 'sk-device-3333', memory: 'device' },
    ]);
  });

  it('moves a key when the user changes where it is kept, and forgets one or all', () => {
    rememberKey('openrouter', 'sk-or-4444', 'device');
    rememberKey('openrouter', 'sk-or-4444', 'tab');
    expect(globalThis.localStorage.getItem('compaction-lab/keys')).toBeNull();
    rememberKey('openrouter', 'sk-or-4444', 'worker');
    expect(everything()).not.toContain('sk-or-4444');
    rememberKey('google', 'g-5555', 'device');
    rememberKey('anthropic', 'a-6666', 'device');
    forgetRememberedKey('google');
    expect(rememberedKeys().map((entry) => entry.provider)).toEqual(['anthropic']);
    forgetAllRememberedKeys();
    expect(rememberedKeys()).toEqual([]);
  });

  it('ignores stored junk rather than handing it to the worker', () => {
    globalThis.localStorage.setItem('compaction-lab/keys', JSON.stringify({ openai: 42, nonsense: 'x', google: 'g-ok-7777' }));
    globalThis.sessionStorage.setItem('compaction-lab/keys', '{not json');
    expect(rememberedKeys()).toEqual([{ provider: 'google', key: 'g-ok-7777', memory: 'device' }]);
  });
});
