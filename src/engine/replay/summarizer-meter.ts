import type { EnginePorts, SummarizeRequest, SummarizeResult, Summarizer } from '../run/ports';
import { countTextTokens } from '../tokens/accounting';
import type { TokenCache } from '../tokens/token-cache';
import type { TokenCounter } from '../tokens/token-counter';

/** One summarizer call as a price list reads it: who served it and the usage it reported. */
interface SummarizerCallRecord {
  provider: string;
  modelId: string;
  usage?: SummarizeResult['usage'];
  /** Exact tokens of the system and prompt texts sent (the replay's encoding). */
  sentTokens: number;
}

/** Prices one call in US dollars; null when the model has no price. */
export type PriceCall = (call: SummarizerCallRecord) => number | null;

/** What the summarizers were asked since the meter was last read. */
export interface MeterReading {
  calls: number;
  sentTokens: number;
  costUsd: number | null;
}

/**
 * Wraps a run's summarizers so each compaction of a replay can say what it sent and what it cost. The wrappers keep
 * each summarizer's identity (provider, model, endpoint), so the profiles' ladders treat them as they would the
 * originals. The offline summarizer costs nothing; any other call without a price makes the cost unknown (null).
 */
export function meterSummarizers(summarizers: EnginePorts['summarizers'], counter: TokenCounter, cache: TokenCache | undefined, priceCall?: PriceCall) {
  let reading: MeterReading = { calls: 0, sentTokens: 0, costUsd: 0 };
  const wrap = (summarizer: Summarizer | undefined): Summarizer | undefined => {
    if (!summarizer) return undefined;
    return {
      provider: summarizer.provider,
      modelId: summarizer.modelId,
      ...(summarizer.baseURL !== undefined ? { baseURL: summarizer.baseURL } : {}),
      async summarize(request: SummarizeRequest): Promise<SummarizeResult> {
        const sentTokens = countTextTokens(request.system, counter, cache) + countTextTokens(request.prompt, counter, cache);
        const record = (usage?: SummarizeResult['usage']): void => {
          const call = { provider: summarizer.provider, modelId: summarizer.modelId, usage, sentTokens };
          const cost = summarizer.provider === 'offline' ? 0 : (priceCall?.(call) ?? null);
          reading = { calls: reading.calls + 1, sentTokens: reading.sentTokens + sentTokens, costUsd: reading.costUsd === null || cost === null ? null : reading.costUsd + cost };
        };
        try {
          const result = await summarizer.summarize(request);
          record(result.usage);
          return result;
        } catch (thrown) {
          record();
          throw thrown;
        }
      },
    };
  };
  const main = wrap(summarizers.main);
  const smol = summarizers.smol === summarizers.main ? main : wrap(summarizers.smol);
  return {
    summarizers: { ...(main ? { main } : {}), ...(smol ? { smol } : {}) },
    /** What was asked since the last call, and starts counting afresh. */
    take(): MeterReading {
      const taken = reading;
      reading = { calls: 0, sentTokens: 0, costUsd: 0 };
      return taken;
    },
  };
}
