import { useState } from 'react';

/** A choice select's sentinel values; real values are JSON-encoded so strings, booleans and null stay apart. */
const DEFAULT_CHOICE = '__default__';

/**
 * A number input that writes numbers into the config and leaves the field to its default when blank. It keeps the
 * typed text while it still means the stored number, so "0." or "1e" can be typed on the way to "0.7" or "1e5".
 */
export function NumberInput({ label, value, isInteger, minimum, maximum, placeholder, onChange }: {
  label: string;
  value: unknown;
  isInteger: boolean;
  minimum?: number;
  maximum?: number;
  placeholder: string;
  onChange(value: number | undefined): void;
}) {
  const [draft, setDraft] = useState<string>();
  const stored = typeof value === 'number' ? String(value) : '';
  const shown = draft !== undefined && (draft.trim() === '' ? stored === '' : Number(draft) === value) ? draft : stored;
  return (
    <input
      type="number"
      aria-label={label}
      value={shown}
      step={isInteger ? 1 : 'any'}
      min={minimum}
      max={maximum}
      placeholder={placeholder}
      onChange={(event) => {
        const text = event.target.value;
        setDraft(text);
        if (text.trim() === '') onChange(undefined);
        else if (Number.isFinite(Number(text))) onChange(Number(text));
      }}
    />
  );
}

/** One option of a choice: what the config holds when it is picked (undefined = the default). */
export interface Choice {
  label: string;
  value: unknown;
}

/** A select over config values, with "default" first: picking it removes the field from the config. */
export function ChoiceSelect({ label, value, choices, defaultLabel, onChange }: {
  label: string;
  value: unknown;
  choices: Choice[];
  defaultLabel: string;
  onChange(value: unknown): void;
}) {
  const selected = value === undefined ? DEFAULT_CHOICE : JSON.stringify(value);
  const known = selected === DEFAULT_CHOICE || choices.some((choice) => JSON.stringify(choice.value) === selected);
  return (
    <select aria-label={label} value={selected} onChange={(event) => onChange(event.target.value === DEFAULT_CHOICE ? undefined : JSON.parse(event.target.value))}>
      <option value={DEFAULT_CHOICE}>{defaultLabel}</option>
      {choices.map((choice) => (
        <option key={JSON.stringify(choice.value)} value={JSON.stringify(choice.value)}>{choice.label}</option>
      ))}
      {!known && <option value={selected}>{`${selected} (not allowed)`}</option>}
    </select>
  );
}

/** Text that writes a string, or leaves the field to its default when emptied. */
export function TextInput({ label, value, isLong, placeholder, onChange }: {
  label: string;
  value: unknown;
  isLong: boolean;
  placeholder: string;
  onChange(value: string | undefined): void;
}) {
  const text = typeof value === 'string' ? value : '';
  const write = (next: string) => onChange(next === '' ? undefined : next);
  return isLong ? (
    <textarea aria-label={label} value={text} rows={4} spellCheck={false} placeholder={placeholder} onChange={(event) => write(event.target.value)} />
  ) : (
    <input type="text" aria-label={label} value={text} placeholder={placeholder} onChange={(event) => write(event.target.value)} />
  );
}

/** A list of strings edited one per line (blank lines are dropped; an empty list leaves the field to its default). */
export function LinesInput({ label, value, onChange }: { label: string; value: unknown; onChange(value: string[] | undefined): void }) {
  const [draft, setDraft] = useState<string>();
  const lines = Array.isArray(value) ? value.filter((line): line is string => typeof line === 'string') : [];
  const stored = lines.join('\n');
  const shown = draft !== undefined && draft.split('\n').filter((line) => line.trim() !== '').join('\n') === stored ? draft : stored;
  return (
    <textarea
      aria-label={label}
      value={shown}
      rows={3}
      spellCheck={false}
      placeholder="one per line"
      onChange={(event) => {
        setDraft(event.target.value);
        const next = event.target.value.split('\n').filter((line) => line.trim() !== '');
        onChange(next.length === 0 ? undefined : next);
      }}
    />
  );
}
