import type { ConfigPair } from '../../engine/config';
import type { SharedView } from './share-building';
import { useRef, useState, type ChangeEvent } from 'react';
import { downloadText } from '../../ui/download';
import { applySharedConfig, useCurrentConfig } from './current-config';
import { OutcomeProblems } from './outcome-problems';

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
  const [uploadProblem, setUploadProblem] = useState<Awaited<ReturnType<typeof readUpload>>>();
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
  const upload = async (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0];
    event.target.value = '';
    if (!file) return;
    const outcome = await readUpload(file);
    setUploadProblem(outcome.kind === 'ok' ? undefined : outcome);
    if (outcome.kind !== 'ok') {
      setMessage({ tone: 'alert', text: `${file.name} was not applied.` });
      return;
    }
    applySharedConfig(outcome.profile, outcome.config);
    const extra = outcome.envelope.ab ? ' Its A/B pair is not applied here.' : '';
    setMessage({ tone: 'status', text: `Applied ${file.name}: the ${outcome.profile} config is in the run panel. Nothing ran.${extra}` });
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
      {uploadProblem && <OutcomeProblems outcome={uploadProblem} />}
      <div className="dialog-actions">
        <button type="button" onClick={onClose}>Close</button>
      </div>
    </section>
  );
}

async function readUpload(file: File) {
  const [{ interpretSharedFile }, text] = await Promise.all([import('./shared-outcome'), file.text()]);
  return interpretSharedFile(file.name, text);
}
