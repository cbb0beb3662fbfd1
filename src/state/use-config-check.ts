import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { ConfigDocument } from '../engine/config';
import type { ConfigValidation } from '../worker-client/config-protocol';
import { configCheckQuery } from '../worker-client/queries';

/**
 * A config document checked by the engine's schema in the worker: its values in force (defaults filled in), the
 * limits they set and the rule behind each, and settings that cannot work as set. Cached per document; the previous
 * answer stays on screen while a new one is checked. Undefined `document` (not a JSON object) asks nothing.
 */
export function useConfigCheck(document: ConfigDocument | undefined): { validation?: ConfigValidation; isChecking: boolean } {
  const query = useQuery({ ...configCheckQuery(document ?? {}), enabled: document !== undefined, placeholderData: keepPreviousData });
  return { validation: document === undefined ? undefined : query.data, isChecking: query.isFetching };
}
