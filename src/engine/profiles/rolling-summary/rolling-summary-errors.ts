import { isEngineError, type EngineError } from '../../run/errors';

/** The two resolvers the seed cannot run without: the model call and the token estimator. */
export type RequiredResolver = 'summarize' | 'estimateTokens';

/**
 * The seed's `E_CONTEXT_RESOLVER_MISSING` as data: names the function that needed the resolver and the missing
 * option, plus the port that supplies it here. Fatal: there is no degraded path without either. Upstream throws it;
 * here it becomes the run's error (a written-down difference).
 */
export function missingResolverError(functionName: string, resolver: RequiredResolver): EngineError {
  const port = resolver === 'summarize' ? 'ports.summarizers.main' : 'ports.counter';
  return {
    code: resolver === 'summarize' ? 'missing-summarizer' : 'missing-estimator',
    message: `${functionName}: options.${resolver} is required (supply ${port}); rolling-summary bundles no model call or tokenizer of its own.`,
    isRetryable: false,
  };
}

/**
 * Turns whatever a summarizer threw into an EngineError. An error that already is one (a provider's classified
 * failure) passes through unchanged; anything else becomes `summarizer-failed`. The seed never retries, so the
 * retryable flag is only reported, never acted on.
 */
export function toEngineError(thrown: unknown): EngineError {
  if (isEngineError(thrown)) return { code: thrown.code, message: thrown.message, isRetryable: thrown.isRetryable };
  const message = thrown instanceof Error ? thrown.message : String(thrown);
  return { code: 'summarizer-failed', message: `The summarizer failed: ${message}`, isRetryable: false };
}
