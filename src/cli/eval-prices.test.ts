import { describe, expect, it } from 'vitest';
import { settledPrices } from './eval-prices';
import { handPriceBook } from '../engine/cost/hand-price-book.test-support';

describe('an eval thread’s prices', () => {
  it('turns a failed catalog import into the reason its rows report, never a rejection', async () => {
    await expect(settledPrices(Promise.reject(new Error('Cannot find package @pydantic/genai-prices')))).resolves.toEqual({
      reason: 'the price catalog could not be loaded: Cannot find package @pydantic/genai-prices',
    });
  });

  it('keeps a loaded book', async () => {
    const book = handPriceBook;
    await expect(settledPrices(Promise.resolve(book))).resolves.toEqual({ book });
  });
});
