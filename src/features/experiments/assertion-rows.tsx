import { useState } from 'react';

/** A figure an assertion can bound, with what it means in words. */
export interface AssertionMetric {
  name: string;
  description: string;
}

/** The assertions as checked and kept, what a new one can name, and how one is added (checked by the lab) or removed. */
export interface AssertionRowsProps {
  /** Every assertion in its canonical form: `needRetention>=0.8`, `no:over-window`. */
  assertions: readonly string[];
  metrics: readonly AssertionMetric[];
  /** The outcome flags a `no:` assertion can name. */
  flags: readonly string[];
  /** Checks and adds an assertion as written; resolves to what is wrong with it, in words, or undefined once added. */
  onAdd(text: string): Promise<string | undefined>;
  onRemove(index: number): void;
  isReadOnly?: boolean;
}

const operators = ['>=', '<=', '>', '<', '=='] as const;

const operatorWords: Record<(typeof operators)[number], string> = { '>=': 'at least', '<=': 'at most', '>': 'above', '<': 'below', '==': 'exactly' };

const flagOf = (text: string): string | undefined => /^no:(.+)$/.exec(text)?.[1];

/** The kept assertions (each removable), a row to write a new one (figure, comparison, value) with its error inline, and a "no flag" checkbox per flag. */
export function AssertionRows({ assertions, metrics, flags, onAdd, onRemove, isReadOnly = false }: AssertionRowsProps) {
  const [metric, setMetric] = useState(metrics[0]?.name ?? '');
  const [operator, setOperator] = useState<string>('>=');
  const [value, setValue] = useState('0.8');
  const [error, setError] = useState<string>();
  const add = async (text: string) => setError(await onAdd(text));
  const bounds = assertions.map((text, index) => ({ text, index })).filter((entry) => flagOf(entry.text) === undefined);
  return (
    <fieldset className="experiment-assertions">
      <legend>Assertions ({assertions.length})</legend>
      {assertions.length === 0 && <p className="empty-hint">Optional: add an assertion (e.g. need-weighted retention at least 0.8) to turn each cell into a pass or a fail.</p>}
      {bounds.length > 0 && (
        <ul className="assertion-list" aria-label="Assertions">
          {bounds.map(({ text, index }) => (
            <li key={text}>
              <code>{text}</code>{' '}
              <button type="button" className="link-button" disabled={isReadOnly} onClick={() => onRemove(index)}>
                Remove {text}
              </button>
            </li>
          ))}
        </ul>
      )}
      <div className="assertion-row" role="group" aria-label="New assertion">
        <select aria-label="Figure" value={metric} disabled={isReadOnly} onChange={(event) => setMetric(event.target.value)}>
          {metrics.map((known) => (
            <option key={known.name} value={known.name} title={known.description}>
              {known.name}
            </option>
          ))}
        </select>
        <select aria-label="Comparison" value={operator} disabled={isReadOnly} onChange={(event) => setOperator(event.target.value)}>
          {operators.map((known) => (
            <option key={known} value={known}>
              {known} ({operatorWords[known]})
            </option>
          ))}
        </select>
        <input aria-label="Value" value={value} inputMode="decimal" disabled={isReadOnly} aria-invalid={error !== undefined} aria-describedby={error ? 'assertion-error' : undefined} onChange={(event) => setValue(event.target.value)} />
        <button type="button" disabled={isReadOnly} onClick={() => void add(`${metric}${operator}${value}`)}>
          Add assertion
        </button>
        {error ? (
          <p id="assertion-error" className="field-error" role="alert">
            {error}
          </p>
        ) : (
          <p className="muted assertion-meaning">{metrics.find((known) => known.name === metric)?.description}</p>
        )}
      </div>
      <div className="flag-choices" role="group" aria-label="Flags that must not be raised">
        {flags.map((flag) => {
          const index = assertions.indexOf(`no:${flag}`);
          return (
            <label key={flag} className="choice">
              <input type="checkbox" checked={index >= 0} disabled={isReadOnly} onChange={(event) => (event.target.checked ? void add(`no:${flag}`) : onRemove(index))} />
              No {flag} flag
            </label>
          );
        })}
      </div>
    </fieldset>
  );
}
