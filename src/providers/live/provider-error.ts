import { APICallError, RetryError } from 'ai';
import type { EngineErrorCode } from '../../engine';
import { RedirectRefusedError } from './origin-bound-fetch';

/** Longest provider text an error carries: enough to say what went wrong, too short to echo a prompt back. */
const maxProviderTextChars = 200;

/** Shortest run of a key's leading characters that is scrubbed on its own (providers echo key prefixes in 401s). */
const minKeyPrefixChars = 8;

/**
 * A provider failure the engine can classify: its message carries the HTTP status, and `code` is e.g. `http-503`.
 * Beside the text the seed's rule reads, it keeps the status and the provider's own retry verdict as data (the AI
 * SDK's `APICallError.statusCode` and `isRetryable`); the engine's retry decision stays the seed's. No field holds a key.
 */
export class ProviderCallError extends Error {
  constructor(
    message: string,
    readonly code: EngineErrorCode,
    /** The HTTP status when the provider answered one (a refused redirect's 3xx included); null when no response arrived. */
    readonly status: number | null,
    /**
     * Whether the provider's SDK would retry this failure (a 429 or a 5xx, a reset or refused connection); undefined
     * when the failure did not come through the SDK's call error (a refused redirect, a missing key, a bad answer).
     */
    readonly isRetryable?: boolean,
  ) {
    super(message);
    this.name = 'ProviderCallError';
  }
}

/**
 * Removes the key from a text: the whole key, and any run of its first characters long enough to identify it
 * (OpenAI's 401 message quotes a key's prefix). Keys never appear in errors, logs or reports.
 */
export function scrubKey(text: string, apiKey: string | undefined): string {
  if (!apiKey) return text;
  let scrubbed = text.split(apiKey).join('[key redacted]');
  for (let length = apiKey.length - 1; length >= minKeyPrefixChars; length -= 1) {
    const prefix = apiKey.slice(0, length);
    if (scrubbed.includes(prefix)) scrubbed = scrubbed.split(prefix).join('[key redacted]');
  }
  return scrubbed;
}

/**
 * Maps an AI SDK failure to an error whose message the engine's seed rule classifies as the Dart seed would:
 * `HTTP 503 from api.openai.com: …` (5xx → transient), `HTTP 429 from …` (not transient), `connection reset by …`
 * and `connection refused by …` (transient, like Dart's SocketException). The host is printed without its port so a
 * port such as 45123 cannot read as a 5xx status. A refused redirect keeps its own message (both hosts, no ports) with
 * code `redirect-refused`, which the seed rule does not retry. The key is scrubbed from every part of the message.
 */
export function toProviderCallError(error: unknown, hostname: string, apiKey: string | undefined): ProviderCallError {
  const cause = RetryError.isInstance(error) ? error.lastError : error;
  const redirect = findRedirectRefusal(cause);
  if (redirect) return new ProviderCallError(shorten(scrubKey(redirect.message, apiKey)), 'redirect-refused', redirect.status);
  const providerVerdict = APICallError.isInstance(cause) ? cause.isRetryable : undefined;
  if (APICallError.isInstance(cause) && cause.statusCode !== undefined) {
    const text = shorten(scrubKey(providerText(cause), apiKey));
    return new ProviderCallError(`HTTP ${cause.statusCode} from ${hostname}: ${text}`, `http-${cause.statusCode}`, cause.statusCode, providerVerdict);
  }
  const networkCode = findNetworkCode(cause);
  if (networkCode === 'ECONNRESET' || networkCode === 'UND_ERR_SOCKET' || networkCode === 'EPIPE') {
    return new ProviderCallError(`connection reset by ${hostname} (${networkCode})`, 'connection-reset', null, providerVerdict);
  }
  if (networkCode === 'ECONNREFUSED') return new ProviderCallError(`connection refused by ${hostname}`, 'connection-refused', null, providerVerdict);
  const message = cause instanceof Error ? cause.message : String(cause);
  const name = cause instanceof Error && cause.name !== 'Error' ? cause.name : 'provider error';
  const detail = networkCode ? ` (${networkCode})` : '';
  return new ProviderCallError(`${name} from ${hostname}${detail}: ${shorten(scrubKey(message, apiKey))}`, 'provider-error', null, providerVerdict);
}

/** The provider's own words: the SDK's message, which it extracts from the provider's error JSON when there is one. */
function providerText(error: APICallError): string {
  const message = error.message.trim();
  if (message !== '') return message;
  return error.responseBody?.trim() || 'no message';
}

function shorten(text: string): string {
  const oneLine = text.replace(/\s+/g, ' ').trim();
  return oneLine.length > maxProviderTextChars ? `${oneLine.slice(0, maxProviderTextChars)}…` : oneLine;
}

/** A redirect refusal along the `cause` chain (the SDK may wrap what the fetch threw). */
function findRedirectRefusal(error: unknown): RedirectRefusedError | undefined {
  let current: unknown = error;
  for (let depth = 0; depth < 5 && current && typeof current === 'object'; depth += 1) {
    if (current instanceof RedirectRefusedError) return current;
    current = (current as { cause?: unknown }).cause;
  }
  return undefined;
}

/** The first Node/undici network error code along the `cause` chain (fetch wraps socket errors as `fetch failed`; a browser gives none). */
export function findNetworkCode(error: unknown): string | undefined {
  let current: unknown = error;
  for (let depth = 0; depth < 5 && current && typeof current === 'object'; depth += 1) {
    const code = (current as { code?: unknown }).code;
    if (typeof code === 'string' && /^(E[A-Z]+|UND_ERR_[A-Z_]+)$/.test(code)) return code;
    current = (current as { cause?: unknown }).cause;
  }
  return undefined;
}
