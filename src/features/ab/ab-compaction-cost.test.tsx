// @vitest-environment happy-dom
import { cleanup, render } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import type { AbVariantStats, ContextBasis, LifetimeReading } from '../../engine';
import type { ModelPricing } from '../../worker-client/cost-protocol';
import { AbCompactionCostRows } from './ab-compaction-cost';

afterEach(cleanup);

/** Hand-made variants: 150,000 tokens before; A compacts to 30,000, B to 50,000. */
const stats = (tokensAfter: number, costUsd: number | undefined, unknownCostCalls = 0): AbVariantStats => ({
  runs: 1,
  succeeded: 1,
  tokensBefore: 150_000,
  tokensAfter,
  tokensAfterPasses: [],
  unknownCostCalls,
  callDurationsMs: [],
  pinnedLines: { total: 0 },
  ...(costUsd === undefined ? {} : { costUsd }),
});
/** $5 input, $25 output, $0.50 cache read, $6.25 5-minute write, $10 1-hour write (per million). */
const priced: ModelPricing = {
  model: 'claude-opus-4-5',
  found: { prices: { input: 5, output: 25, cacheRead: 0.5, cacheWrite: 6.25, cacheWriteHour: 10 }, origin: 'catalog' },
  pricesSource: '@pydantic/genai-prices 0.1.8',
  pricesAsOf: '2026-09-23',
};
const unpriced: ModelPricing = { model: 'my-local', pricesSource: '@pydantic/genai-prices 0.1.8', pricesAsOf: '2026-09-23' };
const basis: ContextBasis = { kind: 'encoding', encoding: 'o200k_base', overheadTokens: 10_000 };
const fiveMinutes: LifetimeReading = { lifetime: '5m', source: 'assumed', words: 'a 5-minute cache lifetime' };
const hour: LifetimeReading = { lifetime: '1h', source: 'logged', words: 'a 1-hour cache lifetime' };

function rowsOf(props: Partial<Parameters<typeof AbCompactionCostRows>[0]> & { baseline: AbVariantStats; other: AbVariantStats }): Record<string, string[]> {
  const { container } = render(
    <table>
      <tbody>
        <AbCompactionCostRows pricing={priced} basis={basis} lifetime={fiveMinutes} onlyDifferences={false} {...props} />
      </tbody>
    </table>,
  );
  return Object.fromEntries([...container.querySelectorAll('tr')].map((row) => [row.dataset.cost ?? '', [...row.children].map((cell) => cell.textContent ?? '')]));
}

describe('AbCompactionCostRows', () => {
  it('prices each variant’s compaction with known answers, Δ from the figures as shown', () => {
    // A: 10,000 head read ($0.005) + 20,000 written ($0.125) + $0.05 summarizer = $0.18; B: 10,000 read + 40,000 written
    // ($0.25) + $0.02 = $0.275. Without compacting: 150,000 read = $0.075 either way.
    const rows = rowsOf({ baseline: stats(30_000, 0.05), other: stats(50_000, 0.02) });
    expect(rows['compaction-cost']).toEqual(['Compaction cost', '$0.1800', '$0.2750', '+$0.0950']);
    expect(rows['not-compacting-cost']).toEqual(['Next call, not compacting', '$0.0750', '$0.0750', '±$0.00']);
    expect(rows['compaction-extra']).toEqual(['Compaction adds', '+$0.1050', '+$0.2000', '+$0.0950']);
  });

  it('writes at the 1-hour price when the transcript’s log says its cache lived an hour', () => {
    // A: 10,000 × $0.50 + 20,000 × $10 per million + $0.05 = $0.255.
    expect(rowsOf({ baseline: stats(30_000, 0.05), other: stats(30_000, 0.05), lifetime: hour })['compaction-cost']).toEqual(['Compaction cost', '$0.2550', '$0.2550', '±$0.00']);
  });

  it('says cost unknown for a model with no price, never $0, and "Show only differences" leaves out the rows both leave unknown', () => {
    const rows = rowsOf({ baseline: stats(30_000, 0.05), other: stats(50_000, 0.02), pricing: unpriced });
    expect(rows['compaction-cost']).toEqual(['Compaction cost', 'cost unknown', 'cost unknown', '']);
    expect(rowsOf({ baseline: stats(30_000, 0.05), other: stats(50_000, 0.02), pricing: unpriced, onlyDifferences: true })).toEqual({});
  });

  it('leaves a live summarizer with an unknown cost unknown, and keeps the rows that still differ under "Show only differences"', () => {
    const rows = rowsOf({ baseline: stats(30_000, 0.05), other: stats(30_000, undefined, 1), onlyDifferences: true });
    expect(rows['compaction-cost']).toEqual(['Compaction cost', '$0.1800', 'cost unknown', '']);
    expect(rows['compaction-extra']).toEqual(['Compaction adds', '+$0.1050', 'cost unknown', '']);
    // The same context both ways: the next call not compacting is shared, so it is left out.
    expect(rows['not-compacting-cost']).toBeUndefined();
  });
});
