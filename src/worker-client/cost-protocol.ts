/** The worker contract's types for pricing a model from the catalog the worker loads (types only, issue 28). */
import type { CallPrices } from '../engine';
import type { PriceOverrides } from '../providers/prices/overrides';
import type { WorkerReply } from './protocol';

/** One model's prices as the worker's price book reads them, and where they come from. */
export interface ModelPricing {
  model: string;
  /** Undefined when neither the catalog nor the user's prices know the model: its cost is unknown, never 0. */
  found?: CallPrices;
  /** The catalog, in words a figure can cite, and the day its prices were published (`YYYY-MM-DD`). */
  pricesSource: string;
  pricesAsOf: string;
}

/** The worker methods that price from the catalog. Part of `LabWorkerApi` (`lab-worker-api.ts`). */
export interface CostApi {
  /**
   * The prices of `model` from the catalog (loaded in the worker on first use, never in the page's first download)
   * with the user's `prices` on top. A catalog that cannot be loaded is refused (`internal`) in words.
   */
  priceModel(model: string, prices?: PriceOverrides): Promise<WorkerReply<ModelPricing>>;
}
