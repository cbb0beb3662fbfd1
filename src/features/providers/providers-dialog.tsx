import { useEffect, useRef } from 'react';
import { KeyEditor } from './key-editor';
import { PriceEditor } from './price-editor';
import { useProviderStore } from '../../state/provider-store';
import { RungEditor } from './rung-editor';
import { syncHeldKeys } from './use-provider-keys';

/** Summarizer choice, the two rungs, keys and prices, in one modal dialog. Escape or Close shuts it. */
export function ProvidersDialog({ onClose }: { onClose(): void }) {
  const dialog = useRef<HTMLDialogElement>(null);
  const mode = useProviderStore((state) => state.mode);
  const modeChosen = useProviderStore((state) => state.modeChosen);
  useEffect(() => {
    dialog.current?.showModal();
    syncHeldKeys().catch(() => undefined);
  }, []);
  return (
    <dialog ref={dialog} className="providers-dialog" aria-label="Summarizer and providers" onCancel={onClose}>
      <h2>Summarizer</h2>
      <div role="radiogroup" aria-label="Summarizer" className="mode-choice">
        <label>
          <input type="radio" name="summarizer-mode" checked={mode === 'offline'} onChange={() => modeChosen('offline')} />
          Offline extractive summarizer (no key, no network)
        </label>
        <label>
          <input type="radio" name="summarizer-mode" checked={mode === 'live'} onChange={() => modeChosen('live')} />
          Live providers with your keys
        </label>
      </div>
      <div className="rungs">
        <RungEditor rung="smol" />
        <RungEditor rung="main" />
      </div>
      <KeyEditor />
      <PriceEditor />
      <div className="dialog-actions">
        <button type="button" onClick={onClose}>Close</button>
      </div>
    </dialog>
  );
}
