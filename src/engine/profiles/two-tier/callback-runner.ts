import type { ProfileRunInput } from '../../run/profile';
import type { HarnMessage } from '../../strategies/harn-message';
import type { TwoTierConfig } from './config';

/** What a compress callback receives for one oversized tool output (seed 3: `{tool_name, output, max_chars}`). */
export interface CompressRequest {
  tool_name: string;
  output: string;
  max_chars: number;
}

/**
 * The port that runs user-written JavaScript callbacks (in the worker's sandbox). The engine only hands it source
 * text and plain data; it never evaluates a string itself. Return values are `unknown` because user code can return
 * anything: the profile reads them the way seed 3 does. A thrown error or rejection is the callback failing.
 */
export interface CallbackRunner {
  /** Runs `mask_callback(messages)` once per observation-mask compaction. */
  runMask(source: string, messages: HarnMessage[]): Promise<unknown>;
  /** Runs `compress_callback({tool_name, output, max_chars})` for one oversized tool output. */
  runCompress(source: string, request: CompressRequest): Promise<unknown>;
  /** Runs `custom_compactor(messages)` for the custom strategy. */
  runCustom(source: string, messages: HarnMessage[]): Promise<unknown>;
}

/**
 * The two-tier profile's run input: the common input plus the callback runner and the user's consent. A config
 * carrying callbacks without `hasUserConsent` never runs them (the run fails with `callbacks-need-consent`).
 */
export interface TwoTierRunInput extends ProfileRunInput<TwoTierConfig> {
  callbacks?: CallbackRunner;
  hasUserConsent?: boolean;
}
