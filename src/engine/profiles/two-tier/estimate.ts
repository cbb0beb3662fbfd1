import type { TokenCounter } from '../../tokens/token-counter';
import { utf8ByteLength } from '../../tokens/estimate';
import type { HarnMessage } from '../../strategies/harn-message';
import type { TwoTierConfig } from './config';

/** Token estimate of a message list, in tokens. */
export type HarnEstimator = (messages: readonly HarnMessage[]) => number;

/**
 * The estimator a run uses. `utf8-quarter` is seed 3's: floor(Σ UTF-8 bytes of string content / 4), divided after
 * summing, with tool-call arguments and reasoning not counted (only `content`). `counter` sums the run's counter
 * over the same contents.
 */
export function harnEstimator(kind: TwoTierConfig['tokenEstimator'], counter: TokenCounter): HarnEstimator {
  if (kind === 'counter') return (messages) => messages.reduce((total, message) => total + counter.count(message.content), 0);
  return (messages) => {
    let bytes = 0;
    for (const message of messages) bytes += utf8ByteLength(message.content);
    return Math.floor(bytes / 4);
  };
}

/** The system prompt's share of a trigger estimate: `len(system)/4` for the seed's estimator, else the counter's count. */
export function systemTokens(kind: TwoTierConfig['tokenEstimator'], counter: TokenCounter, systemText: string): number {
  if (systemText.length === 0) return 0;
  return kind === 'counter' ? counter.count(systemText) : Math.floor(utf8ByteLength(systemText) / 4);
}
