import { RetryError, streamText } from 'ai';
import type { PriceBook, Summarizer, SummarizeRequest, SummarizeResult, SummarizerRole } from '../../engine';
import { createLanguageModel } from './create-language-model';
import type { AnsweredRequest } from './origin-bound-fetch';
import { loadPriceBook } from '../prices/price-book';
import { costOf, type TokenUsage } from './pricing';
import { ProviderCallError, toProviderCallError } from './provider-error';
import { baseUrlOf, type ProviderId, type ProviderSpec } from './provider-spec';
import { describeUnanswered, diagnoseUnanswered } from './unanswered-request';

/** One finished call, for the network panel and reports. Carries whether a key was attached, never the key. */
export interface LiveCallRecord {
  role: SummarizerRole;
  provider: ProviderId;
  model: string;
  /** The host (with port) that gave the last response: after a same-origin redirect, the one that answered. */
  host: string;
  /**
   * The HTTP status of the last response (a refused redirect's 3xx included); null when none arrived (aborted before
   * headers, network failure) or the browser hid it (an opaque redirect).
   */
  status: number | null;
  ok: boolean;
  /** True when the call was aborted (attempt budget or user cancel). */
  aborted: boolean;
  /** The scrubbed error message when the call failed. */
  error?: string;
  /**
   * The provider's own retry verdict on a failed call (the AI SDK's `isRetryable`: a 429 or a 5xx is), when its SDK
   * gave one. Kept as data beside `error`; whether the run retried is the seed's decision (the attempt events say).
   */
  providerRetryable?: boolean;
  durationMs: number;
  usage?: TokenUsage;
  /** US dollars; null when the cost is unknown (model not priced, or no usage reported). */
  costUsd: number | null;
  hasKey: boolean;
}

/** What a live summarizer needs. The key stays in this closure: it is never put in a record, an error or a log. */
export interface LiveSummarizerOptions {
  spec: ProviderSpec;
  /** Undefined only for keyless local servers (openai-compatible); hosted providers refuse to run without one. */
  apiKey?: string;
  /** Replaces the global fetch (tests intercept requests with it). */
  fetch?: typeof globalThis.fetch;
  /** Each piece of summary text as it streams in. */
  onDelta?: (text: string, role: SummarizerRole) => void;
  /** Each call once it ends, successful or not. */
  onCall?: (call: LiveCallRecord) => void;
  /**
   * The prices each call's cost is read from (the catalog with the user's overrides), or the book still loading; the
   * catalog alone when absent.
   */
  prices?: PriceBook | Promise<PriceBook>;
  /** Milliseconds since some origin; injectable so tests need no real time. */
  now?: () => number;
}

/**
 * A Summarizer that calls a real provider through the AI SDK's `streamText`, with the SDK's retries off (retry,
 * timeout and fallback are the engine's). Failures reject with a `ProviderCallError` whose message carries the HTTP
 * status so the engine's seed rule classifies it; an abort rejects with the signal's reason as soon as the stream
 * stops (the SDK ends an aborted stream silently, so the signal is checked after the loop). Its identity is the
 * spec's provider, model id and base URL (never the key).
 */
export function createLiveSummarizer(options: LiveSummarizerOptions): Summarizer {
  const { spec, apiKey } = options;
  const hostUrl = new URL(baseUrlOf(spec));
  const now = options.now ?? (() => performance.now());
  // A book that failed to load prices nothing: each call's cost is then unknown, and the call itself is unharmed.
  const loaded: Promise<PriceBook | undefined> = Promise.resolve(options.prices ?? loadPriceBook()).catch(() => undefined);
  const summarize = async (request: SummarizeRequest): Promise<SummarizeResult> => {
    throwIfAborted(request.signal);
    if (!apiKey && spec.provider !== 'openai-compatible') {
      throw new ProviderCallError(`no API key given for ${spec.provider} (${hostUrl.hostname})`, 'missing-key', null);
    }
    let status: number | null = null;
    let host = hostUrl.host;
    const observe = (answer: AnsweredRequest): void => {
      status = answer.status;
      host = answer.url.host;
    };
    const startedAt = now();
    const record = async (fields: Pick<LiveCallRecord, 'ok' | 'aborted' | 'error' | 'usage' | 'providerRetryable'> & { costUsd?: number }): Promise<void> => {
      const durationMs = now() - startedAt;
      const book = fields.costUsd === undefined ? await loaded : undefined;
      options.onCall?.({
        role: request.role, provider: spec.provider, model: spec.model, host, status, durationMs,
        costUsd: costOf(spec.model, fields.usage, book), hasKey: Boolean(apiKey), ...fields,
      });
    };
    try {
      const result = streamText({
        model: createLanguageModel(spec, apiKey, options.fetch, observe),
        system: request.system,
        prompt: request.prompt,
        abortSignal: request.signal,
        maxRetries: 0,
        maxOutputTokens: request.maxOutputTokens,
        // The default handler prints the error (and its request body) to the console; failures are thrown below instead.
        onError: () => undefined,
      });
      let text = '';
      let usage: TokenUsage | undefined;
      for await (const part of result.stream) {
        if (part.type === 'text-delta') {
          text += part.text;
          options.onDelta?.(part.text, request.role);
        } else if (part.type === 'error') {
          throw part.error;
        } else if (part.type === 'finish') {
          usage = { inputTokens: part.totalUsage.inputTokens, outputTokens: part.totalUsage.outputTokens };
        }
      }
      throwIfAborted(request.signal);
      await record({ ok: true, aborted: false, usage });
      return { text, usage, model: spec.model };
    } catch (error) {
      if (request.signal.aborted) {
        await record({ ok: false, aborted: true, error: 'aborted' });
        throwIfAborted(request.signal);
      }
      const { mapped, wasSent } = await explainFailure(error, hostUrl, apiKey, options.fetch ?? globalThis.fetch);
      // A refused redirect generated nothing, and a request no server received cannot be billed: both cost nothing.
      const verdict = mapped.isRetryable === undefined ? {} : { providerRetryable: mapped.isRetryable };
      await record({ ok: false, aborted: false, error: mapped.message, ...verdict, ...(mapped.code === 'redirect-refused' || !wasSent ? { costUsd: 0 } : {}) });
      throw mapped;
    }
  };
  return { provider: spec.provider, modelId: spec.model, baseURL: spec.baseURL, summarize };
}

/**
 * The failure as a `ProviderCallError`, and whether the request may have reached a server. A browser's bare "Failed to
 * fetch" is diagnosed (see `diagnoseUnanswered`) and said in words first — a refused port as "connection refused", as
 * Node's ECONNREFUSED already reads — with the browser's own text kept after a dash. The host is named without its
 * port, so a port such as 5399 cannot read as a 5xx status to the seed's rule.
 */
async function explainFailure(error: unknown, hostUrl: URL, apiKey: string | undefined, fetch: typeof globalThis.fetch): Promise<{ mapped: ProviderCallError; wasSent: boolean }> {
  const mapped = toProviderCallError(error, hostUrl.hostname, apiKey);
  if (mapped.status !== null || (mapped.code !== 'provider-error' && mapped.code !== 'connection-refused')) return { mapped, wasSent: true };
  const kind = await diagnoseUnanswered(RetryError.isInstance(error) ? error.lastError : error, hostUrl.href, fetch);
  if (kind === undefined) return { mapped, wasSent: true };
  if (mapped.code === 'connection-refused') return { mapped, wasSent: false };
  const message = `${describeUnanswered(kind, hostUrl.hostname)} — ${mapped.message}`;
  return { mapped: new ProviderCallError(message, kind === 'refused' ? 'connection-refused' : 'provider-error', null, mapped.isRetryable), wasSent: kind === 'cors' };
}

/** Rejects with the signal's own reason (the engine's budget or the user's cancel), or a plain AbortError. */
function throwIfAborted(signal: AbortSignal): void {
  if (!signal.aborted) return;
  if (signal.reason instanceof Error) throw signal.reason;
  const error = new Error('The summarization was aborted.');
  error.name = 'AbortError';
  throw error;
}
