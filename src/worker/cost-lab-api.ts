import { loadPriceBook } from '../providers/prices/price-book';
import type { CostApi } from '../worker-client/cost-protocol';
import { engineRefusal, reply } from './worker-replies';

/**
 * The worker's pricing (issue 28): each question loads the price book — the catalog is a dynamic import, fetched once
 * and then cached by the module system, so neither the page nor the worker's start carries it — with the user's prices
 * on top, and reads one model's prices from it.
 */
export function createCostApi(): CostApi {
  return {
    priceModel: (model, prices) =>
      reply(async () => {
        const book = await loadPriceBook(prices ?? {}).catch((error: unknown) => {
          throw engineRefusal('internal', `The price catalog could not be loaded (${error instanceof Error ? error.message : String(error)}): cost unknown.`);
        });
        const found = book.pricesFor(model);
        return { model, ...(found ? { found } : {}), pricesSource: book.source, pricesAsOf: book.asOf };
      }),
  };
}
