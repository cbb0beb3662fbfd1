import { useQuery } from '@tanstack/react-query';
import type { ConnectionResult, ProviderSpec } from '../../worker-client/protocol';
import { labClient } from '../../worker-client/lab-client';
import { useNetworkStore } from '../../state/network-store';

/**
 * A provider's model list, fetched in the worker when the user asks ("Test connection") and cached per provider,
 * endpoint and key — a new key or base URL is a new question. Never fetched on its own: a half-typed base URL must
 * not send requests. The result is also the connection test's verdict.
 */
export function useModelList(spec: ProviderSpec | undefined, keyMask: string | undefined) {
  return useQuery<ConnectionResult>({
    queryKey: ['provider-models', spec?.provider, spec?.baseURL ?? '', keyMask ?? ''],
    queryFn: async () => {
      if (!spec) throw new Error('The provider settings are incomplete.');
      const result = await labClient.testConnection(spec);
      if (result.request) useNetworkStore.getState().listRequested(result.request, result.ok, Date.now(), result.ok ? undefined : result.message);
      return result;
    },
    enabled: false,
    retry: false,
    staleTime: Infinity,
  });
}
