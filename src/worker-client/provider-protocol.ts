/** The worker contract's provider types: held keys and connection tests (types only, never a key). */
import type { ProviderId, ProviderSpec } from '../providers/live/provider-spec';
import type { WorkerReply } from './protocol';

/** How the page sees a key the worker holds: which provider, and `••••` plus its last four characters. */
export interface MaskedProviderKey {
  provider: ProviderId;
  last4: string;
}

/** The one request a connection test made, for the network panel: where it went and how it ended (never the key). */
export interface ConnectionRequest {
  host: string;
  /** The HTTP status, or null when no response arrived. */
  status: number | null;
  hasKey: boolean;
  durationMs: number;
}

/**
 * What a connection test found wrong: the key was refused or is missing (`bad-key`), nothing listens there
 * (`refused`), the host cannot be reached (`unreachable`), the server withheld its answer from this page's origin
 * (`cors`), or another HTTP answer (`http`). These are a verdict's kinds, not `EngineErrorCode`s: see
 * {@link ConnectionResult}.
 */
export type ConnectionProblem = 'bad-key' | 'refused' | 'unreachable' | 'cors' | 'http';

/**
 * What "Test connection" found: the provider's model ids, or what is wrong in plain words (never the key). `request`
 * is absent when nothing was sent (no key for a hosted provider, or an unusable base URL).
 *
 * A failed test is an answer, not a refusal (see `WorkerReply`): the test ran, and its verdict is what the providers
 * dialog shows beside the rung, in the message's words, while the network panel records the request it made (with its
 * status and host) whichever way it ended. As a reply's error it would lose that request, and its kinds would sit in
 * the engine's vocabulary though nothing in the engine ever meets them.
 */
export type ConnectionResult = ({ ok: true; models: string[] } | { ok: false; problem: ConnectionProblem; message: string }) & { request?: ConnectionRequest };

/** The worker methods that hold provider keys and test a connection. Part of `LabWorkerApi` (`lab-worker-api.ts`). */
export interface ProviderApi {
  /** Stores a provider's key in worker memory, or clears it with null. The key never comes back to the page. */
  setProviderKey(provider: ProviderId, key: string | null): Promise<WorkerReply<void>>;
  /** The held keys, masked as `••••` plus the last four characters. */
  listProviderKeys(): Promise<WorkerReply<MaskedProviderKey[]>>;
  /** Forgets every held key. */
  clearProviderKeys(): Promise<WorkerReply<void>>;
  /** Lists the provider's models with the held key, or says plainly what is wrong (an answer: see `ConnectionResult`). */
  testConnection(spec: ProviderSpec): Promise<WorkerReply<ConnectionResult>>;
}
