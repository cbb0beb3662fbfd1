import { useAbStore } from '../features/ab/ab-store';
import { configTextOfA } from '../features/ab/ab-variants';
import { readConfigText } from '../state/default-config';
import { useRunStore } from '../state/run-store';
import { useLabStore } from '../state/store';

/**
 * The A/B pair a share carries: variant A (the run panel's config) and variant B, once the user has set B up.
 * Undefined while B is untouched or either side is not valid JSON — a share never carries half a pair.
 */
export function useSharedAbPair(): { a: unknown; b: unknown } | undefined {
  const bConfigText = useAbStore((state) => state.bConfigText);
  const configText = useRunStore((state) => state.configText);
  const profile = useRunStore((state) => state.profile);
  const contextWindow = useLabStore((state) => state.contextWindow);
  if (bConfigText === undefined) return undefined;
  const a = readConfigText(configTextOfA(configText, profile, contextWindow));
  const b = readConfigText(bConfigText);
  return 'config' in a && 'config' in b ? { a: a.config, b: b.config } : undefined;
}
