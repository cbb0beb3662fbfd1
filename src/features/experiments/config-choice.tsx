import { useState } from 'react';
import { ChoiceGroups } from './choice-groups';

/** A config the experiment can run: the current config (A), B from the A/B tab, a profile's preset, a saved config, a shared link. */
export interface ConfigOption {
  id: string;
  name: string;
  origin: 'current' | 'ab' | 'preset' | 'saved' | 'link';
  detail?: string;
}

/** The configs on offer, which are chosen, and how to choose and add one from a shared link. */
export interface ConfigChoiceProps {
  options: readonly ConfigOption[];
  chosen: readonly string[];
  onToggle(id: string, isChosen: boolean): void;
  /** Adds the config a shared config link carries; returns what is wrong with the link, in words, when it cannot. */
  onAddLink(link: string): string | undefined;
  isReadOnly?: boolean;
}

const groups: { origins: ConfigOption['origin'][]; heading: string }[] = [
  { origins: ['current', 'ab'], heading: 'This page' },
  { origins: ['saved', 'link'], heading: 'Saved and shared' },
  { origins: ['preset'], heading: 'Each profile’s preset' },
];

/** Checkboxes for every config on offer, and a field to paste a shared config link into. */
export function ConfigChoice({ options, chosen, onToggle, onAddLink, isReadOnly = false }: ConfigChoiceProps) {
  const [link, setLink] = useState('');
  const [linkError, setLinkError] = useState<string>();
  const add = () => {
    const error = onAddLink(link.trim());
    setLinkError(error);
    if (!error) setLink('');
  };
  return (
    <fieldset className="experiment-configs">
      <legend>Configs ({chosen.length} chosen)</legend>
      {chosen.length === 0 && <p className="empty-hint">Add configs: tick the current config, B from the A/B tab, a preset or a saved config — two or more to compare.</p>}
      <ChoiceGroups groups={groups.map(({ origins, heading }) => ({ heading, options: options.filter((option) => origins.includes(option.origin)) }))} chosen={chosen} isReadOnly={isReadOnly} onToggle={onToggle} />
      <div className="add-link">
        <label>
          Shared config link{' '}
          <input type="url" value={link} placeholder="https://…#config=…" disabled={isReadOnly} aria-invalid={linkError !== undefined} aria-describedby={linkError ? 'config-link-error' : undefined} onChange={(event) => setLink(event.target.value)} />
        </label>
        <button type="button" disabled={isReadOnly || link.trim() === ''} onClick={add}>
          Add config from link
        </button>
        {linkError && (
          <p id="config-link-error" className="field-error" role="alert">
            {linkError}
          </p>
        )}
      </div>
    </fieldset>
  );
}
