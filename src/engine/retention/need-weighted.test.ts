import { describe, expect, it } from 'vitest';
import { neededFacts, needWeightedRetention } from './need-weighted';
import { call, message, result, text } from './test-messages.test-support';

// The compacted part states five facts: two paths, a command, an identifier and an error.
const compactedPart = [
  message('user', [text('Fix the crash in src/billing/invoice.ts; the report lives in docs/crash-report.md.')]),
  message('assistant', [text('The crash comes from `computeTotals`.'), call('c1', 'Bash', { command: 'npm test -- invoice' })]),
  message('tool', [result('c1', 'FAIL src/billing/invoice.test.ts\nTypeError: totals is undefined')]),
];

describe('neededFacts', () => {
  const after = [
    message('assistant', [text('Editing computeTotals now.'), call('c2', 'Edit', { file_path: 'src/billing/invoice.ts', old_string: 'a', new_string: 'b' })]),
    // A tool output after the boundary repeats the error and the report's path: the agent did not write it.
    message('tool', [result('c2', 'TypeError: totals is undefined (see docs/crash-report.md)')]),
    message('assistant', [{ kind: 'thinking', text: 'Maybe rerun npm test -- invoice later.' }, text('Done.')]),
    message('user', [text('Now run npm test -- invoice again.')]),
  ];
  const needed = neededFacts(compactedPart, after);
  const texts = needed.map((fact) => `${fact.category}:${fact.text}`);

  it('counts a fact the agent used again in its own text or tool call, with where it used it', () => {
    expect(needed.find((fact) => fact.text === 'computeTotals')?.usedAt).toEqual([after[0].id]);
    expect(needed.find((fact) => fact.text === 'src/billing/invoice.ts')?.usedAt).toEqual([after[0].id]);
  });

  it('counts a fact the human used again, but not one only thought about', () => {
    expect(needed.find((fact) => fact.text === 'npm test -- invoice')?.usedAt).toEqual([after[3].id]);
  });

  it('leaves decisions out: an agent never repeats one word for word', () => {
    const decided = [message('assistant', [text('We decided to keep SQLite instead of Postgres.')])];
    const repeated = [message('assistant', [text('We decided to keep SQLite instead of Postgres.')])];
    expect(neededFacts(decided, repeated)).toEqual([]);
  });

  it('does not count a fact only a tool output repeated, nor one never used again', () => {
    expect(texts).not.toContain('error:TypeError: totals is undefined');
    expect(texts).not.toContain('path:docs/crash-report.md');
    expect(texts).not.toContain('path:src/billing/invoice.test.ts');
    expect(texts.sort()).toEqual(['command:npm test -- invoice', 'identifier:computeTotals', 'path:src/billing/invoice.ts']);
  });
});

describe('needWeightedRetention', () => {
  const after = [message('assistant', [text('computeTotals in src/billing/invoice.ts is fixed; ran npm test -- invoice.')])];
  const needed = neededFacts(compactedPart, after);

  it('scores the share of needed facts a context holds, lists the lost ones by category', () => {
    const context = [message('user', [text('Summary: fixing computeTotals in SRC/billing/invoice.ts.')], 'summary')];
    const retention = needWeightedRetention(needed, context);
    expect(retention).toMatchObject({ needed: 3, kept: 2, nothingNeeded: false });
    expect(retention.score).toBeCloseTo(2 / 3);
    expect(retention.lost.map((fact) => fact.text)).toEqual(['npm test -- invoice']);
    expect(retention.byCategory.command).toEqual({ total: 1, kept: 0 });
    expect(retention.byCategory.path).toEqual({ total: 1, kept: 1 });
  });

  it('finds a command kept inside a tool call as well as in prose', () => {
    const context = [message('assistant', [call('c9', 'Bash', { command: 'npm test -- invoice' }), text('computeTotals src/billing/invoice.ts')])];
    expect(needWeightedRetention(needed, context)).toMatchObject({ score: 1, kept: 3, lost: [] });
  });

  it('says so when nothing was needed, with a score of 1', () => {
    expect(needWeightedRetention(neededFacts(compactedPart, []), [])).toMatchObject({ score: 1, needed: 0, kept: 0, nothingNeeded: true, lost: [] });
  });
});
