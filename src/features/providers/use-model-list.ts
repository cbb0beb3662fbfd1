import { useQuery } from '@tanstack/react-query';
import type { ProviderSpec } from '../../worker-client/protocol';
import type { ConnectionResult } from '../../worker-client/provider-protocol';
import { providerModelsQuery } from '../../worker-client/queries';
import { useNetworkStore } from '../../state/network-store';

/** The network panel's entry for the request a connection test made (none when nothing was sent). */
function recordListRequest(result: ConnectionResult): void {
  if (result.request) useNetworkStore.getState().listRequested(result.request, result.ok, Date.now(), result.ok ? undefined : result.message);
}

/**
 * A provider's model list, fetched in the worker when the user asks ("Test connection") and cached per provider,
 * endpoint and key — a new key or base URL is a new question. Never fetched on its own: a half-typed base URL must
 * not send requests. The result is also the connection test's verdict.
 */
export function useModelList(spec: ProviderSpec | undefined, keyMask: string | undefined) {
  return useQuery({
    ...providerModelsQuery(spec, keyMask, recordListRequest),
    enabled: false,
  });
}
