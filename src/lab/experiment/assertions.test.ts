import { describe, expect, it } from 'vitest';
import { assertionMetrics, checkAssertions, parseAssertion, type Assertion } from './assertions';
import { cell, failedCell } from './experiment.test-support';

const parsed = (text: string): Assertion => {
  const assertion = parseAssertion(text);
  if ('error' in assertion) throw new Error(assertion.error);
  return assertion;
};

describe('parseAssertion', () => {
  it('reads every metric with every operator, whitespace anywhere, into a canonical text', () => {
    expect(parsed(' needRetention >= 0.8 ').text).toBe('needRetention>=0.8');
    expect(parsed('contextAfterShare<=0.4').text).toBe('contextAfterShare<=0.4');
    expect(parsed('contextAfter < 50000').text).toBe('contextAfter<50000');
    expect(parsed('costUsd<=0.5').text).toBe('costUsd<=0.5');
    expect(parsed('summarizerCalls>3').text).toBe('summarizerCalls>3');
    expect(parsed('compactions == 1').text).toBe('compactions==1');
    expect(parsed('needWeighted>=0.5').text).toBe('needWeighted>=0.5');
    expect(parsed('no: over-window')).toEqual({ text: 'no:over-window', absentFlag: 'over-window' });
    expect(parsed('no:no-op-pass').text).toBe('no:no-op-pass');
    expect(parsed('no:estimate-disagrees').text).toBe('no:estimate-disagrees');
  });

  it('says what is wrong, naming the text: an unknown metric lists the known ones', () => {
    expect(parseAssertion('retention>=0.8')).toEqual({ error: expect.stringMatching(/^assertion "retention>=0.8": unknown metric "retention"; known metrics: needRetention, needWeighted, contextAfterShare, contextAfter, costUsd, summarizerCalls, compactions/) });
    expect(parseAssertion('needRetention=0.8')).toEqual({ error: expect.stringMatching(/"needRetention=0.8": needs a comparison after needRetention, one of >= <= == > </) });
    expect(parseAssertion('needRetention>=high')).toEqual({ error: 'assertion "needRetention>=high": "high" is not a number after needRetention>=' });
    expect(parseAssertion('costUsd<=')).toEqual({ error: 'assertion "costUsd<=": needs a number after costUsd<=' });
    expect(parseAssertion('no:on-fire')).toEqual({ error: expect.stringMatching(/^assertion "no:on-fire": unknown flag "on-fire"; known flags: over-window, /) });
    expect(parseAssertion('  ')).toEqual({ error: expect.stringMatching(/empty/) });
  });

  it('lists every metric it reads, each with words for the picker', () => {
    for (const metric of assertionMetrics) {
      expect(metric.description.length).toBeGreaterThan(10);
      expect('error' in parseAssertion(`${metric.name}>=0`)).toBe(false);
    }
  });
});

describe('checkAssertions', () => {
  const row = cell('a.json', 'a.jsonl', { needWeighted: 0.8, windowShareAfter: 0.4, contextAfter: 50_000, costUsd: 0.5, summarizerCalls: 3, compactions: 1, flags: ['estimate-disagrees'] });

  it('judges each metric at its bound with each operator', () => {
    const results = checkAssertions(row, ['needRetention>=0.8', 'needRetention>0.8', 'contextAfterShare<=0.4', 'contextAfterShare<0.4', 'contextAfter<=50000', 'costUsd<=0.5', 'summarizerCalls==3', 'compactions>=1', 'compactions<1'].map(parsed));
    expect(results.map((result) => [result.assertion, result.pass, result.actual])).toEqual([
      ['needRetention>=0.8', true, 0.8],
      ['needRetention>0.8', false, 0.8],
      ['contextAfterShare<=0.4', true, 0.4],
      ['contextAfterShare<0.4', false, 0.4],
      ['contextAfter<=50000', true, 50_000],
      ['costUsd<=0.5', true, 0.5],
      ['summarizerCalls==3', true, 3],
      ['compactions>=1', true, 1],
      ['compactions<1', false, 1],
    ]);
  });

  it('passes a flag assertion when the flag is absent, fails it (naming the flag) when raised', () => {
    expect(checkAssertions(row, [parsed('no:over-window'), parsed('no:estimate-disagrees')])).toEqual([
      { assertion: 'no:over-window', pass: true, actual: null },
      { assertion: 'no:estimate-disagrees', pass: false, actual: 'estimate-disagrees' },
    ]);
  });

  it('says in words when a cell cannot be judged — never a pass', () => {
    const unmeasured = cell('a.json', 'a.jsonl', { needWeighted: null, windowShareAfter: null, costUsd: null });
    const results = checkAssertions(unmeasured, [parsed('needRetention>=0.8'), parsed('contextAfterShare<=0.4'), parsed('costUsd<=1')]);
    expect(results.map((result) => result.pass)).toEqual([null, null, null]);
    expect(results[0].why).toMatch(/nothing later used a compacted fact/);
    expect(results[1].why).toMatch(/no window/);
    expect(results[2].why).toMatch(/not known/);
    expect(checkAssertions(failedCell('a.json', 'a.jsonl', 'boom'), [parsed('no:over-window')])).toEqual([{ assertion: 'no:over-window', pass: null, actual: null, why: 'the cell did not run: boom' }]);
  });
});
