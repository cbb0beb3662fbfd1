import type { Message } from '../transcript/model';
import type { EngineError } from './errors';
import type { RunResult } from './events';

/** What a failed run reports beyond its error. */
export interface FailedRunFields {
  /** The profile that ran or would have (`namedProfile` of its document for a refused config). */
  profile: string;
  /** The input conversation, returned unchanged: nothing was compacted. */
  messages: readonly Message[];
  error: EngineError;
  /** The input's tokens, as the report shows them for both before and after; 0 when nothing was measured. */
  tokens?: number;
  /** The state a previous run handed in, handed back untouched so the next run can still use it. */
  carryState?: unknown;
}

/**
 * The one failed `RunResult`: no pass, no summarizer call, the input handed back. It is cancelled exactly when its
 * error is the user's abort. Used by `runProfile` (a profile that threw, a run cancelled before it began) and by the
 * lab for runs refused before any profile ran (an invalid config, settings that cannot work, a missing key).
 */
export function failedRunResult(fields: FailedRunFields): RunResult {
  const tokens = fields.tokens ?? 0;
  return {
    profile: fields.profile,
    success: false,
    cancelled: fields.error.code === 'cancelled',
    tokensBefore: tokens,
    tokensAfter: tokens,
    passes: [],
    summarizerCalls: 0,
    messages: [...fields.messages],
    error: fields.error,
    ...(fields.carryState === undefined ? {} : { carryState: fields.carryState }),
  };
}
