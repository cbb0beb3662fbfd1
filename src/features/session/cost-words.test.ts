import { describe, expect, it } from 'vitest';
import { contextBasis } from '../../engine';
import { costBasisWords, overheadFiguresWords } from './cost-words';
import { handMadeCost } from './replay-cost-table.test-support';

describe('costBasisWords', () => {
  it('names the catalog alone when no price of the user’s is in effect', () => {
    expect(costBasisWords(handMadeCost())).toContain('Cost (US dollars): prices from @pydantic/genai-prices 0.1.8 as of 2026-09-23; ');
  });

  it('names the models priced at the user’s own prices, and the catalog for the rest', () => {
    expect(costBasisWords(handMadeCost({ userPricedModels: ['claude-opus-4-6'] }))).toContain(
      'Cost (US dollars): your prices for claude-opus-4-6, and @pydantic/genai-prices 0.1.8 as of 2026-09-23 for anything else; ',
    );
  });

  it('says an assumed lifetime without claiming the log has no write (a log with 5-minute writes assumes it too)', () => {
    const words = costBasisWords(handMadeCost({ agent: { lifetime: '5m', lifetimeSource: 'assumed' } }));
    expect(words).toContain("cache lifetime five minutes (assumed: Anthropic's default, as no cache write in the log is marked as a 1-hour one)");
    expect(words).not.toContain('no write');
  });
});

describe('overheadFiguresWords', () => {
  it('says what each figure for the system prompt and tools is, each on its basis', () => {
    const words = overheadFiguresWords(handMadeCost(), contextBasis('o200k_base', undefined));
    expect(words).toContain("in the token chart's legend is our fit of what the file does not hold, in o200k_base tokens");
    expect(words).toContain("12,000 is what stays cached across a compaction, in the provider's tokens");
  });
});
