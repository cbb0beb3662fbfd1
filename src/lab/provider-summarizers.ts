import { namedProfile, type ConfigDocument } from '../engine/config';
import { engineError, failedRunResult, type EngineError, type PriceBook, type RunResult, type SummarizerRole } from '../engine';
import type { Transcript } from '../engine/transcript';
import { createLiveSummarizer, type LiveCallRecord } from '../providers/live/live-summarizer';
import { providerSpecSchema, type ProviderSpec } from '../providers/live/provider-spec';
import type { CompactProviders } from '../worker-client/protocol';
import type { ProviderKeyStore } from './provider-keys';
import type { SummarizerChoice } from './run-compaction';

/** Where a live run's streamed text and call records go (proxied callbacks on the main thread). */
export interface LiveRunListeners {
  onDelta?: (text: string, role: SummarizerRole) => void;
  onCall?: (call: LiveCallRecord) => void;
}

/**
 * Wraps a listener so a failure to deliver (a proxied callback whose page went away, or that threw) never breaks the
 * summarizer that is streaming: the run must not fail because a progress message was lost.
 */
export function deliverSafely<Arguments extends unknown[]>(listener: ((...values: Arguments) => unknown) | undefined): ((...values: Arguments) => void) | undefined {
  if (!listener) return undefined;
  return (...values) => {
    try {
      void Promise.resolve(listener(...values)).catch(() => undefined);
    } catch {
      // Same as above: a lost progress message is not a failed run.
    }
  };
}

/**
 * Builds live summarizers from the page's provider choice and the keys the worker holds. Refuses (without calling
 * anything) when a spec is invalid or a hosted provider has no key, so the SDK never falls back to its own
 * environment variables. Each summarizer carries its provider, model id and base URL, so the engine tells one model
 * id at two endpoints apart (`isSameModel`) and keeps smol. Each call is priced from `prices` (catalog and overrides),
 * smol and main each at its own model's price.
 */
export function createWorkerSummarizers(
  providers: CompactProviders,
  keys: ProviderKeyStore,
  listeners: LiveRunListeners,
  prices?: PriceBook | Promise<PriceBook>,
): { choice: SummarizerChoice } | { error: EngineError } {
  const rungs: [Exclude<SummarizerRole, 'single'>, unknown][] = [['main', providers.main]];
  if (providers.smol !== undefined) rungs.push(['smol', providers.smol]);
  const specs: Partial<Record<'main' | 'smol', ProviderSpec>> = {};
  for (const [role, candidate] of rungs) {
    // The page calls the smol rung the cheap model; the config key stays beside it for CLI users.
    const rungName = role === 'smol' ? 'cheap model (smol)' : 'main model';
    const parsed = providerSpecSchema.safeParse(candidate);
    if (!parsed.success) {
      const message = parsed.error.issues.map((issue) => `${issue.path.join('.') || 'spec'}: ${issue.message}`).join('; ');
      return { error: engineError('invalid-config', `Invalid ${rungName} provider: ${message.slice(0, 300)}`) };
    }
    const spec = parsed.data;
    if (spec.provider !== 'openai-compatible' && keys.get(spec.provider) === undefined) {
      const message = `No API key is set for ${spec.provider} (the ${rungName} ${spec.model}); add one in the provider settings.`;
      return { error: engineError('missing-key', message) };
    }
    specs[role] = spec;
  }
  const main = specs.main as ProviderSpec;
  const smol = specs.smol;
  const onDelta = deliverSafely(listeners.onDelta);
  const onCall = deliverSafely(listeners.onCall);
  const build = (spec: ProviderSpec) => createLiveSummarizer({ spec, apiKey: keys.get(spec.provider), onDelta, onCall, prices });
  return { choice: { summarizers: smol ? { main: build(main), smol: build(smol) } : { main: build(main) } } };
}

/** The failed result of a run refused before it started (no summarizer was called, nothing was compacted). */
export function refusedRun(transcript: Transcript, config: ConfigDocument, error: EngineError): RunResult {
  return failedRunResult({ profile: namedProfile(config), messages: transcript.messages, error });
}
