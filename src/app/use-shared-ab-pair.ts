import type { ConfigPair } from '../engine/config';
import { useRunDocument } from '../state/run-document';
import { useConfigStore } from '../state/config-store';

/**
 * The A/B pair a share carries: variant A (the run panel's config) and variant B, once the user has set B up, each as
 * it runs (with the page's window where it sets none). Undefined while B is untouched or either side is not a JSON
 * object — a share never carries half a pair.
 */
export function useSharedAbPair(): ConfigPair | undefined {
  const hasB = useConfigStore((state) => state.variantB !== undefined);
  const a = useRunDocument('config');
  const b = useRunDocument('variantB');
  return hasB && a && b ? { a, b } : undefined;
}
