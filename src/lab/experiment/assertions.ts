import type { AssertionResult, CellFigures, CellRow } from './experiment-types';

/** A comparison an assertion makes. */
type Operator = '>=' | '<=' | '>' | '<' | '==';

/** A cell figure an assertion can bound, and the figure of `CellFigures` it reads. */
interface MetricDefinition {
  name: string;
  figure: keyof Pick<CellFigures, 'needWeighted' | 'windowShareAfter' | 'contextAfter' | 'costUsd' | 'summarizerCalls' | 'compactions'>;
  description: string;
}

/**
 * The figures assertions can bound, with what each means in plain words (the Experiments view's picker lists them).
 * `needWeighted` is the same figure as `needRetention`, under the name the grid uses.
 */
export const assertionMetrics: readonly MetricDefinition[] = [
  { name: 'needRetention', figure: 'needWeighted', description: 'need-weighted retention: of the compacted facts used again later, the share kept (0 to 1)' },
  { name: 'needWeighted', figure: 'needWeighted', description: 'the same as needRetention' },
  { name: 'contextAfterShare', figure: 'windowShareAfter', description: 'the context after as a share of the config’s window (0 to 1)' },
  { name: 'contextAfter', figure: 'contextAfter', description: 'the context after, in context tokens (replay: the session’s peak)' },
  { name: 'costUsd', figure: 'costUsd', description: 'the cost in US dollars (compaction: the summarizer calls; replay: the policy’s bill with caching)' },
  { name: 'summarizerCalls', figure: 'summarizerCalls', description: 'how many calls went to a summarizer' },
  { name: 'compactions', figure: 'compactions', description: 'how many compactions were made (compaction mode: 1 when the run compacted)' },
];

/** The flags a `no:` assertion may name: the outcome flags cells carry. */
const flagKinds = ['over-window', 'no-op-pass', 'estimate-disagrees', 'history-wiped', 'replaced-nothing'] as const;

/** A parsed assertion: a bound on a figure, or a flag that must be absent. `text` is its canonical form. */
export type Assertion = { text: string; metric: MetricDefinition; operator: Operator; value: number } | { text: string; absentFlag: string };

const operators: readonly Operator[] = ['>=', '<=', '==', '>', '<'];

/**
 * Reads an assertion: `metric OP number` (OP one of >= <= > < ==; whitespace anywhere between) or `no:flag`. An error
 * names the text and what is wrong; an unknown metric or flag lists the known ones.
 */
export function parseAssertion(text: string): Assertion | { error: string } {
  const written = text.trim();
  const shown = `"${text}"`;
  if (written === '') return { error: 'an assertion is empty: write e.g. needRetention>=0.8 or no:over-window' };
  const flag = /^no\s*:\s*(.*)$/i.exec(written);
  if (flag) {
    const kind = flag[1].trim();
    if (!(flagKinds as readonly string[]).includes(kind)) return { error: `assertion ${shown}: unknown flag "${kind}"; known flags: ${flagKinds.join(', ')}` };
    return { text: `no:${kind}`, absentFlag: kind };
  }
  const match = /^([A-Za-z]+)\s*(>=|<=|==|>|<|=)?\s*(.*)$/.exec(written);
  const metric = assertionMetrics.find((candidate) => candidate.name === match?.[1]);
  if (!match || !metric) {
    const name = match?.[1] ?? written;
    return { error: `assertion ${shown}: unknown metric "${name}"; known metrics: ${assertionMetrics.map((known) => known.name).join(', ')}, or no:<flag>` };
  }
  const operator = operators.find((candidate) => candidate === match[2]);
  if (!operator) return { error: `assertion ${shown}: needs a comparison after ${metric.name}, one of ${operators.join(' ')}` };
  const value = match[3] === '' ? Number.NaN : Number(match[3]);
  if (!Number.isFinite(value)) return { error: `assertion ${shown}: ${match[3] === '' ? 'needs a number' : `"${match[3]}" is not a number`} after ${metric.name}${operator}` };
  return { text: `${metric.name}${operator}${value}`, metric, operator, value };
}

function holds(actual: number, operator: Operator, bound: number): boolean {
  if (operator === '>=') return actual >= bound;
  if (operator === '<=') return actual <= bound;
  if (operator === '>') return actual > bound;
  if (operator === '<') return actual < bound;
  return actual === bound;
}

/** Why a figure cannot be judged on a cell where it is null, in words. */
const unmeasured: Record<MetricDefinition['figure'], string> = {
  needWeighted: 'need-weighted retention was not measured: nothing later used a compacted fact',
  windowShareAfter: 'the config sets no window, so there is no share of it',
  costUsd: 'the cost is not known: a model has no price',
  contextAfter: 'the context after is not known',
  summarizerCalls: 'the summarizer calls are not known',
  compactions: 'the compactions are not known',
};

/** Checks every assertion on one cell: pass, fail, or not measurable here (with why); a failed cell is judged on none. */
export function checkAssertions(row: CellRow, assertions: readonly Assertion[]): AssertionResult[] {
  return assertions.map((assertion): AssertionResult => {
    if (!row.ok) return { assertion: assertion.text, pass: null, actual: null, why: `the cell did not run: ${row.error}` };
    if ('absentFlag' in assertion) {
      const isRaised = row.flags.includes(assertion.absentFlag);
      return { assertion: assertion.text, pass: !isRaised, actual: isRaised ? assertion.absentFlag : null };
    }
    const actual = row[assertion.metric.figure];
    if (actual === null) return { assertion: assertion.text, pass: null, actual: null, why: unmeasured[assertion.metric.figure] };
    return { assertion: assertion.text, pass: holds(actual, assertion.operator, assertion.value), actual };
  });
}
