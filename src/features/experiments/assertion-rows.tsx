/** A figure an assertion can bound, with what it means in words. */
export interface AssertionMetric {
  name: string;
  description: string;
}

/** The assertions as written, what they can name, and how each is checked. */
export interface AssertionRowsProps {
  /** Every assertion as text: `needRetention>=0.8`, `no:over-window`. */
  assertions: readonly string[];
  metrics: readonly AssertionMetric[];
  /** The outcome flags a `no:` assertion can name. */
  flags: readonly string[];
  /** What is wrong with an assertion, in words; undefined when it reads. */
  check(text: string): string | undefined;
  onChange(assertions: string[]): void;
  isReadOnly?: boolean;
}

const operators = ['>=', '<=', '>', '<', '=='] as const;

const operatorWords: Record<(typeof operators)[number], string> = { '>=': 'at least', '<=': 'at most', '>': 'above', '<': 'below', '==': 'exactly' };

/** An assertion split into its metric, operator and value; the whole text as the value when it does not split. */
function split(text: string): { metric: string; operator: string; value: string } {
  const match = /^\s*([A-Za-z]+)\s*(>=|<=|==|>|<)?\s*(.*)$/.exec(text);
  return { metric: match?.[1] ?? '', operator: match?.[2] ?? '>=', value: match?.[3] ?? text };
}

const isFlag = (text: string): boolean => /^\s*no\s*:/i.test(text);

/** Rows of metric + operator + value, each checked as written with its error inline, and a "no flag" checkbox per flag. */
export function AssertionRows({ assertions, metrics, flags, check, onChange, isReadOnly = false }: AssertionRowsProps) {
  const bounds = assertions.map((text, index) => ({ text, index })).filter((entry) => !isFlag(entry.text));
  const replace = (index: number, text: string) => onChange(assertions.map((old, position) => (position === index ? text : old)));
  const toggleFlag = (flag: string, isOn: boolean) => onChange(isOn ? [...assertions, `no:${flag}`] : assertions.filter((text) => !(isFlag(text) && text.replace(/^\s*no\s*:\s*/i, '') === flag)));
  const hasFlag = (flag: string) => assertions.some((text) => isFlag(text) && text.replace(/^\s*no\s*:\s*/i, '') === flag);
  return (
    <fieldset className="experiment-assertions">
      <legend>Assertions ({assertions.length})</legend>
      {assertions.length === 0 && <p className="empty-hint">Optional: add an assertion (e.g. need-weighted retention at least 0.8) to turn each cell into a pass or a fail.</p>}
      {bounds.map(({ text, index }, position) => {
        const parts = split(text);
        const error = check(text);
        const errorId = `assertion-error-${index}`;
        const label = `Assertion ${position + 1}`;
        const write = (change: Partial<typeof parts>) => {
          const next = { ...parts, ...change };
          replace(index, `${next.metric}${next.operator}${next.value}`);
        };
        return (
          <div key={index} className="assertion-row" role="group" aria-label={label}>
            <select aria-label={`${label}: figure`} value={parts.metric} disabled={isReadOnly} onChange={(event) => write({ metric: event.target.value })}>
              {!metrics.some((metric) => metric.name === parts.metric) && <option value={parts.metric}>{parts.metric || '(choose a figure)'}</option>}
              {metrics.map((metric) => (
                <option key={metric.name} value={metric.name} title={metric.description}>
                  {metric.name}
                </option>
              ))}
            </select>
            <select aria-label={`${label}: comparison`} value={parts.operator} disabled={isReadOnly} onChange={(event) => write({ operator: event.target.value })}>
              {operators.map((operator) => (
                <option key={operator} value={operator}>
                  {operator} ({operatorWords[operator]})
                </option>
              ))}
            </select>
            <input aria-label={`${label}: value`} value={parts.value} inputMode="decimal" disabled={isReadOnly} aria-invalid={error !== undefined} aria-describedby={error ? errorId : undefined} onChange={(event) => write({ value: event.target.value })} />
            <button type="button" disabled={isReadOnly} onClick={() => onChange(assertions.filter((_, at) => at !== index))}>
              Remove {label.toLowerCase()}
            </button>
            {error && (
              <p id={errorId} className="field-error" role="alert">
                {error}
              </p>
            )}
            {!error && <p className="muted assertion-meaning">{metrics.find((metric) => metric.name === parts.metric)?.description}</p>}
          </div>
        );
      })}
      <button type="button" disabled={isReadOnly || metrics.length === 0} onClick={() => onChange([...assertions, `${metrics[0]?.name ?? ''}>=0.8`])}>
        Add assertion
      </button>
      <div className="flag-choices" role="group" aria-label="Flags that must not be raised">
        {flags.map((flag) => (
          <label key={flag} className="choice">
            <input type="checkbox" checked={hasFlag(flag)} disabled={isReadOnly} onChange={(event) => toggleFlag(flag, event.target.checked)} />
            No {flag} flag
          </label>
        ))}
      </div>
    </fieldset>
  );
}
