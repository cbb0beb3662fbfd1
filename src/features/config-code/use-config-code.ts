import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { ConfigDocument } from '../../engine/config';
import type { ConfigCodeLanguage } from '../../worker-client/config-protocol';
import { configCodeQuery } from '../../worker-client/queries';

/**
 * The config rendered as code by the worker (which holds the profiles' schemas the page never loads). Keyed by the
 * config itself (the query hashes it), so an unchanged config is never rendered twice; the previous snippet stays up while the next renders.
 */
export function useConfigCode(config: ConfigDocument | undefined, language: ConfigCodeLanguage, emitAll: boolean) {
  return useQuery({ ...configCodeQuery(config ?? {}, language, emitAll), enabled: config !== undefined, placeholderData: keepPreviousData });
}
