import { useState } from 'react';
import { useConfigStore } from '../../state/config-store';
import { withWorkspace } from '../../workspace/page-workspace';

/** Save config as…: keeps the run panel's config text under a name the user gives. */
export function SaveConfigForm() {
  const [name, setName] = useState('');
  const [saved, setSaved] = useState<string>();
  return (
    <form
      className="save-config-form"
      onSubmit={(event) => {
        event.preventDefault();
        const trimmed = name.trim();
        if (trimmed === '') return;
        const { text } = useConfigStore.getState().config;
        void withWorkspace((workspace) => workspace.saveConfig(trimmed, text, Date.now()), { isChange: true }).then((record) => {
          if (!record) return;
          setSaved(`Saved the run panel’s config as “${record.name}”.`);
          setName('');
        });
      }}
    >
      <label>
        Save config as… <input value={name} placeholder="a name" onChange={(event) => setName(event.target.value)} />
      </label>
      <button type="submit" disabled={name.trim() === ''}>Save config</button>
      {saved && <span role="status" className="muted">{saved}</span>}
    </form>
  );
}
