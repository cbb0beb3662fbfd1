import { describe, expect, it } from 'vitest';
import type { Message } from '../transcript/model';
import { declaredPins } from '../config/document/document-pins';
import { compareVariants, variantStats, type AbCall, type AbRun } from './ab-compare';
import { medianOf, spreadOf } from '../statistics/spread';
import type { PassSnapshot, RunResult } from '../run/events';
import { contextBasis, type ContextBasis } from '../tokens/context-basis';

const plain: ContextBasis = contextBasis('o200k_base', undefined);

const text = (id: string, body: string): Message => ({ id, role: 'user', origin: 'human', blocks: [{ kind: 'text', text: body }], sourceRef: {}, raw: null });

function pass(index: number, tokensAfter: number, summary?: string): PassSnapshot {
  return {
    pass: index, tokensBefore: 1000, tokensAfter, strategy: 'llm-summary', attempts: 1, ok: true, messages: [], fates: {}, insertions: [],
    lint: { orphanResults: [], unansweredCalls: [], adjacencyBreaks: [] }, flags: [], durationMs: 5, summary,
  };
}

function run(tokensAfter: number[], options: { summary?: string; output?: string; calls?: AbCall[]; durationMs?: number; success?: boolean } = {}): AbRun {
  const passes = tokensAfter.map((after, index) => pass(index + 1, after, index === tokensAfter.length - 1 ? options.summary : undefined));
  const result: RunResult = {
    profile: 'auto-compactor', success: options.success ?? true, cancelled: false, tokensBefore: 1000, tokensAfter: tokensAfter.at(-1) ?? 1000,
    passes, summarizerCalls: passes.length, messages: [text('out', options.output ?? '')],
  };
  return { result, calls: options.calls ?? [], durationMs: options.durationMs };
}

const call = (durationMs: number, costUsd: number | null, status: number | null = 200): AbCall => ({ durationMs, costUsd, ok: status === 200, aborted: false, status });

describe('spreadOf', () => {
  it('gives min, median, max and the sample standard deviation', () => {
    expect(spreadOf([10, 14, 12, 16])).toEqual({ count: 4, min: 10, median: 13, max: 16, stdev: Math.sqrt(20 / 3) });
    expect(spreadOf([7])).toEqual({ count: 1, min: 7, median: 7, max: 7, stdev: 0 });
    expect(spreadOf([])).toBeUndefined();
    expect(medianOf([3, 1, 2])).toBe(2);
  });
});

describe('declaredPins of a variant’s document', () => {
  it('reads the operative lines of every skill and skips blank or malformed ones', () => {
    const pinnedLinesOf = (document: Record<string, unknown>) => declaredPins(document).map((pin) => pin.line);
    const config = { profile: 'auto-compactor', operativeSkills: [{ name: 'x', operative: ['ALWAYS run tests', ' '] }, { operative: 'nope' }, { operative: ['Never push'] }] };
    expect(pinnedLinesOf(config)).toEqual(['ALWAYS run tests', 'Never push']);
    expect(pinnedLinesOf({ profile: 'two-tier' })).toEqual([]);
  });
});

describe('variantStats', () => {
  it('takes medians over repeats, the spread of tokens saved, pinned lines kept verbatim and the first run\'s last summary', () => {
    const config = { operativeSkills: [{ operative: ['KEEP ME', 'LOST LINE', 'FROM SYSTEM'] }] };
    const stats = variantStats(
      {
        config,
        runs: [
          run([600, 300], { summary: 'first', output: 'text with KEEP ME', calls: [call(100, 0.002), call(300, null)], durationMs: 500 }),
          run([600, 200], { summary: 'second', output: 'nothing pinned', calls: [call(200, 0.004)], durationMs: 700 }),
          run([500], { summary: 'third', output: 'KEEP ME and LOST LINE', calls: [call(50, null, 503)], durationMs: 900 }),
        ],
      },
      plain,
      text('system', 'FROM SYSTEM'),
    );
    expect(stats).toMatchObject({
      runs: 3, succeeded: 3, tokensBefore: 1000, tokensAfter: 300, tokensAfterPasses: [600, 250], passes: 2, summarizerCalls: 2, providerCalls: 1,
      costUsd: 0.002, unknownCostCalls: 1, durationMs: 700, callDurationsMs: [100, 300, 200, 50], pinnedLines: { total: 3, kept: 2 }, summary: 'first',
    });
    expect(stats.tokensSaved).toMatchObject({ count: 3, min: 500, median: 700, max: 800 });
  });

  it('falls back to the passes\' durations when the run was not timed', () => {
    expect(variantStats({ config: {}, runs: [run([400, 300])] }, plain).durationMs).toBe(10);
  });

  it('states tokens on the basis — exact content plus the unstored overhead — and what the gate saw apart', () => {
    const measured = run([600, 300]);
    measured.result.exact = { encoding: 'o200k_base', before: 800, after: 200 };
    measured.result.passes[0].exact = { before: 800, after: 450 };
    measured.result.passes[1].exact = { before: 450, after: 200 };
    const basis: ContextBasis = { kind: 'encoding', encoding: 'o200k_base', overheadTokens: 5000 };
    const stats = variantStats({ config: {}, runs: [measured] }, basis);
    expect(stats).toMatchObject({ tokensBefore: 5800, tokensAfter: 5200, tokensAfterPasses: [5450, 5200], gateSawAfter: 300 });
    // The overhead is in both figures: it is never a saving.
    expect(stats.tokensSaved?.median).toBe(600);
  });
});

describe('compareVariants', () => {
  it('lines up every metric, with B − A deltas and which rows differ', () => {
    const comparison = compareVariants(
      { config: {}, runs: [run([600, 300], { summary: 'Focus A', durationMs: 40 })] },
      { config: {}, runs: [run([250], { summary: 'Focus B', durationMs: 40 })] },
      plain,
    );
    const byId = Object.fromEntries(comparison.rows.map((row) => [row.id, row]));
    expect(comparison.rows.map((row) => row.id)).toEqual([
      'tokens-before', 'tokens-after-pass-1', 'tokens-after-pass-2', 'tokens-after', 'tokens-saved', 'gate-saw-after', 'passes', 'summarizer-calls', 'provider-calls',
      'cost', 'latency', 'call-latency', 'pinned-lines', 'succeeded',
    ]);
    expect(byId['tokens-before']).toMatchObject({ delta: 0, differs: false });
    expect(byId['tokens-after-pass-1']).toMatchObject({ a: { value: 600 }, b: { value: 250 }, delta: -350, differs: true });
    expect(byId['tokens-after-pass-2']).toMatchObject({ a: { value: 300 }, b: { value: undefined }, delta: undefined, differs: true });
    expect(byId['tokens-saved']).toMatchObject({ a: { value: 700 }, b: { value: 750 }, delta: 50, differs: true });
    expect(byId.passes).toMatchObject({ delta: -1, differs: true });
    expect(byId.latency.differs).toBe(false);
    expect(byId['call-latency']).toMatchObject({ a: { value: undefined }, differs: false });
    expect(byId['pinned-lines']).toMatchObject({ a: { value: 0, of: 0 }, differs: false });
    expect(comparison.summariesDiffer).toBe(true);
  });

  it('counts a difference in unknown costs even when the known costs match', () => {
    const comparison = compareVariants(
      { config: {}, runs: [run([300], { calls: [call(10, 0.01)] })] },
      { config: {}, runs: [run([300], { calls: [call(10, 0.01), call(10, null)] })] },
      plain,
    );
    const cost = comparison.rows.find((row) => row.id === 'cost');
    expect(cost).toMatchObject({ a: { value: 0.01, unknownCost: 0 }, b: { value: 0.01, unknownCost: 1 }, delta: 0, differs: true });
    expect(comparison.summariesDiffer).toBe(false);
  });
});
