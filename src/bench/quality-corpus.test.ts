import { beforeAll, describe, expect, it } from 'vitest';
import { loadTokenCounter } from '../ports/tokenizer/token-counter';
import { qualityFixtures } from './quality-fixtures';
import { measureQuality, type CompactionMeasure } from './quality-measure';
import { corpusLines, type CorpusLine } from './quality-report';

/**
 * The quality bench's own figures on the development corpus (twelve real Claude Code sessions of another project) and
 * the tuning fixture, held as tests: no sized run breaks, and the best sized profile beats the agent's own summary at
 * its size and keeps 0.9 of what the agent needed at twice it. Measured as `npm run bench -- quality` measures them.
 */
describe('quality on the development corpus', () => {
  let measures: CompactionMeasure[] = [];
  let lines: CorpusLine[] = [];
  beforeAll(async () => {
    const counter = await loadTokenCounter('o200k_base');
    measures = await measureQuality(qualityFixtures().filter((fixture) => fixture.set !== 'held-out'), counter);
    lines = corpusLines(measures);
  }, 300_000);

  const sized = (multiple: number): CorpusLine[] => lines.filter((line) => line.label.endsWith(`(${multiple}×)`));
  const best = (multiple: number): CorpusLine => [...sized(multiple)].sort((left, right) => right.meanRetention - left.meanRetention)[0];

  it('measures every compaction of the corpus', () => {
    expect(measures.length).toBeGreaterThanOrEqual(15);
    expect(new Set(measures.map((measure) => measure.fixture)).size).toBeGreaterThanOrEqual(13);
  });

  it('breaks no sized run of any profile', () => {
    const broken = [...sized(1), ...sized(2)].flatMap((line) => line.broken.map((why) => `${line.label} at ${why}`));
    expect(broken).toEqual([]);
  });

  it("keeps more than the agent's own summary at its size, as a mean and on most compactions", () => {
    const agent = lines[0];
    const at1 = best(1);
    expect(at1.meanMultiple).toBeLessThanOrEqual(1.05);
    expect(at1.meanRetention).toBeGreaterThan(agent.meanRetention);
    expect(at1.wins).toBeGreaterThan(measures.filter((measure) => measure.needed > 0).length / 2);
  });

  it("keeps at least 0.9 of what the agent needed at twice the agent's summary", () => {
    expect(best(2).meanRetention).toBeGreaterThanOrEqual(0.9);
  });
});
