import { describe, expect, it } from 'vitest';
import { compareConfigs } from './eval-comparison';
import type { EvalFigures, EvalRow } from './eval-protocol';
import { contextBasis, replayContext, replayLines, sharedLines } from '../engine';
import { plainTurns, replayWith, sessionOf } from '../engine/replay/replay.test-support';
import { evalFigures, failedRow } from './eval-row';
import { distribution, summarizeConfig } from './eval-summary';
import { formatEvalTable } from './eval-table';

const figures: EvalFigures = { steps: 10, compactions: 0, failedCompactions: 0, summarizerCalls: 0, costUsd: 0, tokensToSummarizers: 0, peakTokens: 100, shareOverTrigger: 0, shareOverSharedTrigger: 0, gateSawShareOverTrigger: 0, compactionsOverWindow: 0, needWeighted: null, factsLost: 0, policyCostUsd: 1, agentCostUsd: 1, agentCalls: 3, agentCostRatio: 1 };
const row = (config: string, file: string, change: Partial<EvalFigures>): EvalRow => ({ file, config, ok: true, ...figures, ...change });

describe('eval totals and distributions (issue 18 item 5)', () => {
  it('takes the median as the middle (the mean of the two middles for an even count) and p90 by nearest rank', () => {
    expect(distribution([])).toEqual({ count: 0, mean: null, median: null, p90: null, max: null });
    expect(distribution([5, 1, 3])).toEqual({ count: 3, mean: 3, median: 3, p90: 5, max: 5 });
    expect(distribution([4, 1, 3, 2])).toMatchObject({ median: 2.5, p90: 4, max: 4 });
    expect(distribution(Array.from({ length: 20 }, (_, index) => index + 1))).toMatchObject({ median: 10.5, p90: 18, max: 20 });
  });

  it('sums a config’s rows only, counts a failed replay apart, and leaves cost unknown when one session is unpriced', () => {
    const rows = [
      row('a.json', 'one.jsonl', { compactions: 2, summarizerCalls: 3, factsLost: 4, needWeighted: 0.5, peakTokens: 900 }),
      row('a.json', 'two.jsonl', { compactions: 1, summarizerCalls: 1, costUsd: null, needWeighted: 1 }),
      failedRow({ file: 'three.jsonl', config: 'a.json' }, 'callbacks-need-consent: …'),
      row('b.json', 'one.jsonl', { compactions: 7 }),
    ];
    const summary = summarizeConfig('a.json', 'unified', rows);
    expect(summary.totals).toEqual({ sessions: 2, failedSessions: 1, compactions: 3, failedCompactions: 0, summarizerCalls: 4, tokensToSummarizers: 0, costUsd: null, factsLost: 4, peakTokens: 900, compactionsOverWindow: 0, needWeighted: 0.75, shareOverTrigger: 0, shareOverSharedTrigger: 0, policyCostUsd: 2, agentCostUsd: 2 });
    expect(summary.distributions.compactions).toMatchObject({ count: 2, median: 1.5, max: 2 });
    // Cost: only the priced session has a figure to spread.
    expect(summary.distributions.costUsd.count).toBe(1);
  });

  it('leaves the agent’s logged total unknown when a session with logged usage is unpriced, and leaves out one with no usage', () => {
    const unlogged = row('a.json', 'plain.txt', { agentCostUsd: null, agentCalls: 0, agentCostRatio: null });
    const priced = summarizeConfig('a.json', 'unified', [row('a.json', 'one.jsonl', {}), unlogged]);
    expect(priced.totals.agentCostUsd).toBe(1);
    const unpriced = row('a.json', 'openhands.jsonl', { agentCostUsd: null, agentCostRatio: null });
    expect(summarizeConfig('a.json', 'unified', [row('a.json', 'one.jsonl', {}), unlogged, unpriced]).totals.agentCostUsd).toBeNull();
    expect(summarizeConfig('a.json', 'unified', [unlogged]).totals.agentCostUsd).toBeNull();
  });

  it('says which config is better on what: lower counts, higher retention, the same within tolerance', () => {
    const a = summarizeConfig('a.json', 'unified', [row('a.json', 'one', { compactions: 4, factsLost: 10, needWeighted: 0.9 })]);
    const b = summarizeConfig('b.json', 'unified', [row('b.json', 'one', { compactions: 1, factsLost: 30, needWeighted: 0.9002 })]);
    const comparison = compareConfigs(a, b);
    expect(comparison.delta).toMatchObject({ compactions: -3, factsLost: 20, costUsd: 0 });
    expect(comparison.better).toEqual({
      a: ['facts lost'],
      b: ['compactions'],
      same: ['need-weighted retention (mean)', 'failed compactions', 'summarizer calls', 'tokens to summarizers', 'cost', 'cost with caching', 'share of steps over the shared trigger line (mean)'],
    });
    expect(comparison.verdict).toBe(
      'B (b.json) is better on fewer compactions (1 vs 4); A (a.json) is better on fewer facts lost (10 vs 30); they do the same on need-weighted retention (mean), failed compactions, summarizer calls, tokens to summarizers, cost, cost with caching and share of steps over the shared trigger line (mean)',
    );
    expect(compareConfigs(a, a).verdict).toBe('A (a.json) and B (a.json) do the same on every measure');
  });

  it('totals the compactions that left the context over the window, and the eval text shows them on the context basis (issue 25)', () => {
    const rows = [row('a.json', 'one', { compactionsOverWindow: 2 }), row('a.json', 'two', {}), row('b.json', 'one', {})];
    const configs = [summarizeConfig('a.json', 'unified', rows), summarizeConfig('b.json', 'unified', rows)];
    expect(configs.map((config) => config.totals.compactionsOverWindow)).toEqual([2, 0]);
    const comparison = compareConfigs(configs[0], configs[1]);
    expect(comparison.delta.compactionsOverWindow).toBe(-2);
    const text = formatEvalTable({ configs, comparison, transcripts: rows, skipped: [], prices: { source: 'test prices', asOf: '2026-01-01' } }, 2);
    expect(text).toMatch(/^compactions that left the context over the window +2 +0 +−2$/m);
    expect(text).toMatch(/^tokens are context tokens: exact counts .* plus the session’s unstored overhead/m);
    expect(text).not.toMatch(/no unstored overhead|the trigger is the profile’s own gate/);
  });

  it('counts no share over a trigger the profile compares with part of the context only (rolling-summary), and leaves it out of the mean (issue 25)', async () => {
    const report = await replayWith('rolling-summary', sessionOf(plainTurns(12, 200, 1000)), { keepVerbatim: 2, summariseAtTokens: 400 });
    const context = replayContext(report, contextBasis('o200k_base', undefined), replayLines(report, { trigger: 400, triggerComparedWith: 'the older turns, not the whole context' }));
    const figures = evalFigures({ report, context, basis: contextBasis('o200k_base', undefined) }, context.lines);
    expect(figures.shareOverTrigger).toBeNull();
    expect(figures.shareOverSharedTrigger).toBeNull();
    const summary = summarizeConfig('r.json', 'rolling-summary', [row('r.json', 'one', { shareOverTrigger: null }), row('r.json', 'two', { shareOverTrigger: 0.5 })]);
    expect([summary.totals.shareOverTrigger, summary.distributions.shareOverTrigger.count]).toEqual([0.5, 1]);
  });

  it('judges two configs that compact identically but differ in reserve on one line, the lower trigger: no winner (issue 27)', async () => {
    // Long human messages, short answers: the gate, checked at turn end, lets a human message take the context over the line.
    const session = sessionOf(plainTurns(12, 1000, 200));
    const basis = contextBasis('o200k_base', undefined);
    // The config's trigger line (window − reserve), as the lab's config limits give it.
    const replayed = async (reserveTokens: number) => {
      const report = await replayWith('auto-compactor', session, { window: 1000, reserveTokens, keepRecentTokens: 150 });
      return { report, basis, context: replayContext(report, basis, replayLines(report, { window: 1000, trigger: 1000 - reserveTokens })) };
    };
    const [a, b] = [await replayed(150), await replayed(300)];
    expect(b.report.compactions.map((compaction) => [compaction.atMessage, compaction.tokensAfter])).toEqual(a.report.compactions.map((compaction) => [compaction.atMessage, compaction.tokensAfter]));
    const rows: EvalRow[] = [
      { file: 'one', config: 'a.json', ok: true, ...evalFigures(a, sharedLines(a.context.lines, b.context.lines)) },
      { file: 'one', config: 'b.json', ok: true, ...evalFigures(b, sharedLines(a.context.lines, b.context.lines)) },
    ];
    const [figuresA, figuresB] = rows.map((entry) => (entry.ok ? entry : undefined));
    // Against its own, lower line B is over the trigger more often; against the shared (lower) line the two are the same.
    expect(figuresB?.shareOverTrigger ?? 0).toBeGreaterThan(figuresA?.shareOverTrigger ?? 0);
    expect(figuresB?.shareOverSharedTrigger).toBe(figuresA?.shareOverSharedTrigger);
    const comparison = compareConfigs(summarizeConfig('a.json', 'auto-compactor', rows), summarizeConfig('b.json', 'auto-compactor', rows));
    expect([comparison.better.a, comparison.better.b]).toEqual([[], []]);
    expect(comparison.verdict).toBe('A (a.json) and B (b.json) do the same on every measure');
    expect(comparison.delta.shareOverSharedTrigger).toBe(0);
  });
});
