import { describe, expect, it } from 'vitest';
import type { VersusSide } from '../engine';
import type { CompactionMeasure, ProfileRow } from './quality-measure';
import { corpusLines, median } from './quality-report';

/** The fields of a side the corpus figures read; the rest are not under test. */
const side = (tokens: number, needRetention: number, found = 1): VersusSide =>
  ({ tokens, needRetention, nextActions: { actions: [], found, total: 5 }, summaryOnly: { messages: 1, tokens, needRetention: needRetention / 2, kept: 0 } }) as unknown as VersusSide;

function measure(fixture: string, agent: VersusSide, rows: Partial<ProfileRow>[], needed = 10): CompactionMeasure {
  return {
    fixture, set: 'development', index: 1, kind: 'compact_boundary, auto', beforeMessage: 10, messagesBefore: 9, compacted: 9, after: 5, needed,
    agentSummaryTokens: agent.tokens, agent,
    rows: rows.map((row) => ({ profile: 'unified', label: 'unified (1×)', variant: { sizing: '1×', settings: '—', config: {} }, durationMs: 1, ...row }) as ProfileRow),
  };
}

describe('median', () => {
  it('takes the middle value, or the mean of the two middle ones', () => {
    expect(median([0.9, 0.1, 0.5])).toBe(0.5);
    expect(median([1, 0.2, 0.4, 0.8])).toBeCloseTo(0.6);
    expect(median([])).toBe(0);
  });
});

describe('corpusLines', () => {
  const measures = [
    measure('a.jsonl', side(1000, 0.5), [{ side: side(1000, 0.8) }]),
    measure('b.jsonl', side(2000, 0.9), [{ side: side(1000, 0.9, 3) }]),
    measure('c.jsonl', side(1000, 0.7), [{ side: side(9000, 1), broken: 'kept 9,000 tokens, 9.00× its target: did not compact to size' }]),
  ];
  const [agent, unified] = corpusLines(measures);

  it('scores the agent against itself as no win or loss, and names its weakest compaction', () => {
    expect(agent.label).toBe("the agent's own summary");
    expect(agent.meanRetention).toBeCloseTo(0.7);
    expect([agent.wins, agent.ties, agent.losses]).toEqual([0, 0, 0]);
    expect(agent.worst?.compaction).toBe('a.jsonl #1');
  });

  it('counts a broken run as 0 and a loss, and names it', () => {
    expect(unified.meanRetention).toBeCloseTo((0.8 + 0.9 + 0) / 3);
    expect(unified.medianRetention).toBe(0.8);
    expect(unified.meanSummaryRetention).toBeCloseTo((0.4 + 0.45 + 0) / 3);
    expect([unified.wins, unified.ties, unified.losses]).toEqual([1, 1, 1]);
    expect(unified.broken).toEqual(['c.jsonl #1: kept 9,000 tokens, 9.00× its target: did not compact to size']);
    expect(unified.worst).toEqual({ compaction: 'c.jsonl #1', retention: 0, agent: 0.7 });
  });

  it('states tokens as multiples of the agent summary at each compaction, and sums next actions', () => {
    expect(unified.meanMultiple).toBeCloseTo((1 + 0.5 + 9) / 3);
    expect(unified.nextActions).toEqual({ found: 5, total: 15 });
  });

  it('leaves a compaction that needed nothing out of retention, wins and losses', () => {
    const [, withEmpty] = corpusLines([...measures, measure('d.jsonl', side(1000, 1), [{ side: side(10, 1) }], 0)]);
    expect(withEmpty.compactions).toBe(4);
    expect(withEmpty.meanRetention).toBeCloseTo((0.8 + 0.9 + 0) / 3);
    expect(withEmpty.wins + withEmpty.ties + withEmpty.losses).toBe(3);
  });
});
