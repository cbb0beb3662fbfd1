import { useState } from 'react';
import type { ProviderId } from '../../providers/live/provider-spec';
import { keySlots } from './provider-labels';
import { useProviderStore } from '../../state/provider-store';
import { rememberedKeys, type KeyMemory } from './remembered-keys';
import { useKeyActions } from './use-provider-keys';

const memoryLabels: Record<KeyMemory, string> = {
  worker: 'Until this page closes (memory only)',
  tab: 'Remember for this tab (sessionStorage)',
  device: 'Remember on this device (localStorage)',
};

const keptLabels: Record<KeyMemory, string> = { worker: 'memory only', tab: 'remembered for this tab', device: 'remembered on this device' };

/** One provider's key: a password field and where to keep it, or the held key's mask with Remove. */
function KeyRow({ provider, label, isOptional }: { provider: ProviderId; label: string; isOptional?: boolean }) {
  const held = useProviderStore((state) => state.heldKeys.find((key) => key.provider === provider));
  const { saveKey, clearKey } = useKeyActions();
  const [key, setKey] = useState('');
  const [memory, setMemory] = useState<KeyMemory>('worker');
  const kept = rememberedKeys().find((entry) => entry.provider === provider)?.memory ?? 'worker';
  if (held) {
    return (
      <div className="key-row">
        <span className="key-name">{label}</span>
        <code aria-label={`${label} key`}>{held.last4}</code>
        <span className="muted">{keptLabels[kept]}</span>
        <button type="button" onClick={() => void clearKey(provider)}>Remove</button>
      </div>
    );
  }
  return (
    <form
      className="key-row"
      onSubmit={(event) => {
        event.preventDefault();
        if (key.trim() === '') return;
        void saveKey(provider, key, memory).then(() => setKey(''));
      }}
    >
      <label className="key-name" htmlFor={`key-${provider}`}>{label}{isOptional ? ' (optional)' : ''}</label>
      <input id={`key-${provider}`} type="password" aria-label={`${label} API key`} autoComplete="off" spellCheck={false} value={key} onChange={(event) => setKey(event.target.value)} />
      <select aria-label={`Keep the ${label} key`} value={memory} onChange={(event) => setMemory(event.target.value as KeyMemory)}>
        {(Object.keys(memoryLabels) as KeyMemory[]).map((option) => (
          <option key={option} value={option}>{memoryLabels[option]}</option>
        ))}
      </select>
      <button type="submit" disabled={key.trim() === ''}>Save key</button>
      {memory === 'device' && (
        <p className="alert alert-warning key-warning">
          A key remembered on this device stays in this browser's storage after you close the page: anyone who can use this
          browser profile, and any script that runs on this origin, can read it.
        </p>
      )}
    </form>
  );
}

/** The keys form: every provider's key, where it is kept, and one button that forgets them all. */
export function KeyEditor() {
  const heldKeys = useProviderStore((state) => state.heldKeys);
  const { forgetAllKeys } = useKeyActions();
  return (
    <fieldset className="key-editor">
      <legend>API keys</legend>
      <p className="muted">
        Keys go from the background worker straight to their provider's host and nowhere else. By default a key lives only
        in the worker's memory and is gone when this page closes or reloads; it is never put in settings, links, exports or logs.
      </p>
      {keySlots.map((slot) => (
        <KeyRow key={slot.provider} {...slot} />
      ))}
      <button type="button" className="danger-button" disabled={heldKeys.length === 0 && rememberedKeys().length === 0} onClick={() => void forgetAllKeys()}>
        Forget all keys
      </button>
    </fieldset>
  );
}
