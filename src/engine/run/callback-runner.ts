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
  /**
   * Why no further callback may run — the runner's time budget for the whole run or replay is spent, which field's
   * call spent it and what the budget is — or undefined while calls may still run. A replay stops at the checkpoint
   * where this first answers, as it stops for refused consent: every later compaction's callbacks would fail alike.
   * Optional: a runner without such a budget leaves it out.
   */
  budgetExhausted?(): string | undefined;
}
