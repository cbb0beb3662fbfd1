import { useConfigStore } from '../state/config-store';

/**
 * The A/B pair a share carries: variant A (the run panel's config) and variant B, once the user has set B up.
 * Undefined while B is untouched or either side is not valid JSON — a share never carries half a pair.
 */
export function useSharedAbPair(): { a: unknown; b: unknown } | undefined {
  const a = useConfigStore((state) => state.config);
  const b = useConfigStore((state) => state.variantB);
  if (b === undefined || a.syntaxProblem || b.syntaxProblem) return undefined;
  return { a: a.document, b: b.document };
}
