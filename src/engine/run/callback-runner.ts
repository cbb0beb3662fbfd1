import type { HarnMessage } from '../strategies/harn-message';

/** What a compress callback receives for one oversized tool output (seed 3: `{tool_name, output, max_chars}`). */
export interface CompressRequest {
  tool_name: string;
  output: string;
  max_chars: number;
}

/**
 * The port that runs user-written JavaScript callbacks (in the worker's sandbox, or the CLI's callback thread). The
 * engine only hands it source text and plain data; it never evaluates a string itself. Return values are `unknown`
 * because user code can return anything: the profile reads them the way seed 3 does. A thrown error or rejection is
 * the callback failing.
 */
export interface CallbackRunner {
  /** Runs `mask_callback(messages)` once per observation-mask compaction. */
  runMask(source: string, messages: HarnMessage[]): Promise<unknown>;
  /** Runs `compress_callback({tool_name, output, max_chars})` for one oversized tool output. */
  runCompress(source: string, request: CompressRequest): Promise<unknown>;
  /** Runs `custom_compactor(messages)` for the custom strategy. */
  runCustom(source: string, messages: HarnMessage[]): Promise<unknown>;
}
