import './config-code.css';
import { useState } from 'react';
import type { ConfigDocument } from '../../engine/config';
import { profileMeta } from '../../engine/profiles/meta';
import { useConfigStore } from '../../state/config-store';
import { Tabs } from '../../ui/tabs';
import type { ConfigCodeLanguage } from '../../worker-client/config-protocol';
import { documentForCode } from './config-document';
import { useConfigCode } from './use-config-code';

const languages: { id: ConfigCodeLanguage; label: string }[] = [
  { id: 'dart', label: 'Dart' },
  { id: 'ts', label: 'TypeScript' },
  { id: 'harn', label: 'Harn' },
];

/** One language's snippet: the code, a copy button and the notes (or the config's problems, by path). */
function CodeView({ config, language, emitAll }: { config: ConfigDocument; language: ConfigCodeLanguage; emitAll: boolean }) {
  const query = useConfigCode(config, language, emitAll);
  const [copied, setCopied] = useState<{ code: string; ok: boolean }>();
  const result = query.data;
  if (query.error) return <p className="alert" role="alert">Could not render the config: {query.error.message}</p>;
  if (!result) return <p className="muted" role="status">Rendering…</p>;
  if (!result.ok) {
    return (
      <div className="alert" role="alert">
        <p>The config is not valid, so it cannot be rendered:</p>
        <ul>{result.issues.map((issue) => <li key={`${issue.path}:${issue.message}`}><code>{issue.path}</code>: {issue.message}</li>)}</ul>
      </div>
    );
  }
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(result.code);
      setCopied({ code: result.code, ok: true });
    } catch {
      setCopied({ code: result.code, ok: false });
    }
  };
  const copyState = copied?.code === result.code ? copied : undefined;
  return (
    <div className="config-code-view">
      <div className="config-code-actions">
        <button type="button" onClick={() => void copy()}>Copy code</button>
        <span className="muted" role="status">{copyState ? (copyState.ok ? 'Copied.' : 'The clipboard is blocked here; select the code and copy it.') : ''}</span>
      </div>
      <pre className="config-code" aria-label={`${languages.find((entry) => entry.id === language)?.label ?? language} code`} tabIndex={0}>{result.code}</pre>
      {result.notes.length > 0 && (
        <section aria-label="Notes on the code">
          <h3>Notes</h3>
          <ul className="config-code-notes">{result.notes.map((note) => <li key={note}>{note}</li>)}</ul>
        </section>
      )}
    </div>
  );
}

/**
 * The run panel's config as code for each seed's own API (Dart AutoCompactor, TypeScript
 * AssembleCompactedTurnsOptions, Harn agent-loop options and Rust AutoCompactConfig), copyable. Renders in the worker.
 */
export function ConfigCodePanel() {
  const profile = useConfigStore((state) => state.profile);
  const config = useConfigStore((state) => state.config);
  // Until the user picks a tab, show the language of the profile's own seed.
  const [chosen, setChosen] = useState<ConfigCodeLanguage>();
  const language = chosen ?? profileMeta[profile].codeLanguage;
  const [emitAll, setEmitAll] = useState(false);
  const current = documentForCode(config);
  return (
    <section className="config-code-panel" aria-label="Config as code">
      <div className="config-code-header">
        <h2>Config as code</h2>
        <label>
          <input type="checkbox" checked={emitAll} onChange={(event) => setEmitAll(event.target.checked)} /> Show every value, not only changed ones
        </label>
      </div>
      {'error' in current ? (
        <p className="alert" role="alert">{current.error}</p>
      ) : (
        <Tabs
          label="Code language"
          chosen={language}
          onChoose={(id) => setChosen(languages.find((entry) => entry.id === id)?.id)}
          tabs={languages.map((entry) => ({ id: entry.id, label: entry.label, content: <CodeView config={current.config} language={entry.id} emitAll={emitAll} /> }))}
        />
      )}
    </section>
  );
}
