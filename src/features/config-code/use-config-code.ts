import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { labClient } from '../../worker-client/lab-client';
import type { ConfigCodeLanguage, ConfigCodeResult } from '../../worker-client/protocol';

/**
 * The config rendered as code by the worker (which holds the profiles' schemas the page never loads). Keyed by the
 * config's JSON, so an unchanged config is never rendered twice; the previous snippet stays up while the next renders.
 */
export function useConfigCode(config: unknown, language: ConfigCodeLanguage, emitAll: boolean) {
  const configJson = JSON.stringify(config ?? null);
  return useQuery({
    queryKey: ['config-code', configJson, language, emitAll],
    queryFn: (): Promise<ConfigCodeResult> => labClient.renderConfigCode(JSON.parse(configJson), language, { emitAll }),
    enabled: config !== undefined,
    placeholderData: keepPreviousData,
    staleTime: Infinity,
    retry: false,
  });
}
