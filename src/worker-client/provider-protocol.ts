/** The worker contract's provider types: live models, held keys and connection tests (types only, never a key). */
import type { ProviderId, ProviderSpec } from '../providers/live/provider-spec';

/** How the page sees a key the worker holds: which provider, and `••••` plus its last four characters. */
export interface MaskedProviderKey {
  provider: ProviderId;
  last4: string;
}

/** The live models of a run: main always, smol as the cheap first rung when given. `apiKeyEnv` is ignored here. */
export interface CompactProviders {
  smol?: ProviderSpec;
  main: ProviderSpec;
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
 * What "Test connection" found: the provider's model ids, or what is wrong in plain words (never the key). `request`
 * is absent when nothing was sent (no key for a hosted provider, or an unusable base URL).
 */
export type ConnectionResult = (
  | { ok: true; models: string[] }
  | { ok: false; problem: 'bad-key' | 'refused' | 'unreachable' | 'cors' | 'http'; message: string }
) & { request?: ConnectionRequest };
