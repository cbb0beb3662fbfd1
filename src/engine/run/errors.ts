/** Codes that name one failure each; `http-NNN` (below) adds every HTTP status a provider can answer with. */
const namedCodes = [
  // A run as a whole.
  'cancelled',
  'internal',
  'invalid-config',
  'invalid-prompt',
  'impossible-settings',
  'invalid-carry-state',
  'max-passes',
  'no-work',
  'stall',
  'inflation',
  // Summarizer attempts and the ports a profile needs.
  'timeout',
  'total-budget',
  'no-attempts',
  'missing-summarizer',
  'missing-estimator',
  'summarizer-failed',
  'summarizer-error',
  // User-written callbacks (two-tier).
  'callbacks-need-consent',
  'missing-callback-runner',
  'missing-custom-compactor',
  'callback-failed',
  // Live providers (`ProviderCallError`); `http-NNN` carries the status.
  'missing-key',
  'connection-reset',
  'connection-refused',
  'redirect-refused',
  'provider-error',
  // The lab's boundary: a request about something the worker no longer holds or never knew.
  'unknown-transcript',
  'unknown-result',
  'unknown-profile',
  // The lab's boundary: a refusal, where nothing can be answered (see `WorkerReply` in worker-client/protocol.ts).
  // Comparing with the agent's own compaction: the transcript holds none, not the one asked for, or none readable.
  'no-compaction',
  'no-such-boundary',
  'unreadable-compaction',
  // Probing a pass: it compacted nothing to ask about; or the probe run stopped (a reply it could not read, or a
  // failure that carries no provider code of its own).
  'nothing-to-probe',
  'probe-failed',
] as const;

/**
 * Every machine code an `EngineError` can carry: the engine's, the live providers' (`http-503`, `redirect-refused`, …)
 * and the lab boundary's. Pages and scripts branch on codes, never on message text, so a new failure adds a code here.
 */
export type EngineErrorCode = (typeof namedCodes)[number] | `http-${number}`;

/** An error as data: it crosses worker and process boundaries as a plain object, never a class instance. */
export interface EngineError {
  /** Stable machine code, e.g. `timeout`, `http-503`, `cancelled`, `missing-summarizer`, `invalid-config`. */
  code: EngineErrorCode;
  message: string;
  /** The seed's own retry decision for this error (its text rule), not a provider's opinion. */
  isRetryable: boolean;
}

const namedCodeSet: ReadonlySet<string> = new Set(namedCodes);

/** True when `value` is one of the codes above, so a code read from a thrown value can be trusted as one. */
export function isEngineErrorCode(value: unknown): value is EngineErrorCode {
  return typeof value === 'string' && (namedCodeSet.has(value) || /^http-\d{3}$/.test(value));
}

/** An error as data that no rule retries. */
export function engineError(code: EngineErrorCode, message: string): EngineError {
  return { code, message, isRetryable: false };
}

/**
 * An error already given as data (a plain object with a known code, a message and a retry flag). A thrown `Error` is
 * never one, even when it carries such fields (a `ProviderCallError` has the provider's own `isRetryable`): the
 * profile classifies what was thrown by its seed's rule instead.
 */
export function isEngineError(value: unknown): value is EngineError {
  if (typeof value !== 'object' || value === null || value instanceof Error) return false;
  const candidate = value as Partial<Record<keyof EngineError, unknown>>;
  return isEngineErrorCode(candidate.code) && typeof candidate.message === 'string' && typeof candidate.isRetryable === 'boolean';
}

/** When the user's abort arrived: during the run (what every profile reports), or before it began. */
export type CancelMoment = 'during-run' | 'before-start';

/**
 * The user's abort, as data: one text for every profile (the seed's own words). `before-start` is the run that was
 * aborted before any profile code ran (`runProfile`), which says so.
 */
export function cancelledError(moment: CancelMoment = 'during-run'): EngineError {
  return engineError('cancelled', moment === 'before-start' ? 'The run was cancelled before it started.' : 'compaction cancelled by the user');
}

/** The text of whatever a summarizer or a callback threw (an Error's message, a string, else its JSON), for an error message. */
export function describeThrown(value: unknown): string {
  if (value instanceof Error) return value.message;
  return typeof value === 'string' ? value : JSON.stringify(value) ?? String(value);
}
