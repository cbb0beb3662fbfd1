import type { ConfigPair } from '../../engine/config';
import type { SharedView } from './share-building';
import { useRef, useState, type ChangeEvent } from 'react';
import { downloadText } from '../../ui/download';
import { useConfigOfferStore } from '../../state/config-offer-store';
import { useCurrentConfig } from './current-config';

type Message = { tone: 'status' | 'alert'; text: string };

async function copyText(text: string): Promise<boolean> {
  try {
    await navigator.clipboard.writeText(text);
    return true;
  } catch {
    return false;
  }
}

/** The open share menu: what the buttons act on, the buttons, and what they did (a refusal names its reason). */
export function SharePanel({ id, ab, view, onClose }: { id: string; ab?: ConfigPair; view?: SharedView; onClose(): void }) {
  const current = useCurrentConfig();
  const fileInput = useRef<HTMLInputElement>(null);
  const [message, setMessage] = useState<Message>();
  const [link, setLink] = useState<string>();
  const config = 'config' in current ? current.config : undefined;
  const profile = typeof config?.profile === 'string' ? config.profile : 'auto-compactor';

  const envelopeText = async (): Promise<string | undefined> => {
    if (!config) return undefined;
    const building = await import('./share-building');
    return building.envelopeFileText(building.pageEnvelope(config, ab, view));
  };
  const download = async () => {
    const text = await envelopeText();
    if (text === undefined) return;
    downloadText(`compaction-lab-config.${profile}.json`, text);
    setMessage({ tone: 'status', text: 'Downloaded the config file.' });
  };
  const copyJson = async () => {
    const text = await envelopeText();
    if (text === undefined) return;
    setMessage((await copyText(text)) ? { tone: 'status', text: 'Copied the config JSON.' } : { tone: 'alert', text: 'The clipboard is blocked here; use Download config instead.' });
  };
  const copyLink = async () => {
    if (!config) return;
    const building = await import('./share-building');
    const built = building.shareLinkOf(building.pageEnvelope(config, ab, view), window.location);
    if (!('link' in built)) {
      setLink(undefined);
      setMessage({ tone: 'alert', text: built.message });
      return;
    }
    setLink(built.link);
    setMessage((await copyText(built.link)) ? { tone: 'status', text: 'Copied the share link.' } : { tone: 'status', text: 'The clipboard is blocked here; copy the link below.' });
  };
  // An uploaded file is previewed as a share link is, and applies only on Apply: the panel hands it over and closes.
  const upload = async (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0];
    event.target.value = '';
    if (!file) return;
    useConfigOfferStore.getState().configOffered({ from: 'upload', name: file.name, text: await file.text() });
    onClose();
  };

  return (
    <section id={id} className="share-panel" aria-label="Share">
      <p className="muted">
        The run panel's {profile} config{ab ? ', with the A/B pair' : ''}: a JSON envelope with sorted keys. Links carry it in the URL fragment, which is never sent to a server; never a transcript, never a key.
      </p>
      {'error' in current && <p className="alert" role="alert">{current.error}</p>}
      <div className="share-actions">
        <button type="button" disabled={!config} onClick={() => void download()}>Download config</button>
        <button type="button" onClick={() => fileInput.current?.click()}>Upload config</button>
        <input ref={fileInput} type="file" accept=".json,application/json" aria-label="Config file" hidden onChange={(event) => void upload(event)} />
        <button type="button" disabled={!config} onClick={() => void copyJson()}>Copy config JSON</button>
        <button type="button" disabled={!config} onClick={() => void copyLink()}>Copy share link</button>
      </div>
      {link && (
        <label className="share-link">
          Share link
          <input readOnly value={link} onFocus={(event) => event.target.select()} />
        </label>
      )}
      {message && (message.tone === 'alert' ? <p className="alert" role="alert">{message.text}</p> : <p className="muted" role="status">{message.text}</p>)}
      <div className="dialog-actions">
        <button type="button" onClick={onClose}>Close</button>
      </div>
    </section>
  );
}

