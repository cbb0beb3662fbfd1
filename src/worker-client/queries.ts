import { queryOptions, skipToken } from '@tanstack/react-query';
import type { EncodingName } from '../engine';
import type { ConfigDocument } from '../engine/config';
import { labClient } from './lab-client';
import type { LiveCallRecord, ProviderSpec, ResultId } from './protocol';
import type { ConfigCodeLanguage } from './config-protocol';
import type { ProbePlanRequest } from './probe-protocol';
import type { ConnectionResult } from './provider-protocol';
import type { BreakdownSubject } from './run-protocol';
import type { VersusProgress, VersusRequest } from './versus-protocol';
import { refusalOf, unwrap } from './reply';
import type { PriceOverrides } from '../providers/prices/overrides';

/*
 * One query per worker method the page caches: its key and its call, so every `useQuery` that asks the worker reads
 * its answer the same way (unwrapped: an `{ok: false}` answer is the query's error, in the worker's words). A query
 * about a result is keyed by its id: the answer describes that result forever, so it never goes stale.
 */

/** Exact tokens by kind of a transcript (pass 0) or of a held result's passes, in `encoding`. */
export function passBreakdownsQuery(subject: BreakdownSubject, encoding: EncodingName) {
  return queryOptions({
    queryKey: ['pass-breakdowns', subject, encoding],
    queryFn: async () => unwrap(await labClient.breakdownPasses(subject, encoding)),
    staleTime: Infinity,
  });
}

/**
 * What an imported transcript's logged model calls cost at the catalog's prices with the user's `overrides` (keyed by
 * both: an edited price is a new question; the same one never goes stale).
 */
export function loggedCostQuery(transcriptKey: string, overrides: PriceOverrides) {
  return queryOptions({
    queryKey: ['logged-cost', transcriptKey, overrides],
    queryFn: async () => unwrap(await labClient.loggedCost(transcriptKey, overrides)),
    staleTime: Infinity,
  });
}

/** One model's prices from the catalog the worker loads, with the user's prices on top (issue 28). */
export function modelPricingQuery(model: string | undefined, prices: PriceOverrides | undefined) {
  return queryOptions({
    queryKey: ['model-pricing', model ?? 'no model', prices],
    queryFn: model === undefined ? skipToken : async () => unwrap(await labClient.priceModel(model, prices)),
    staleTime: Infinity,
  });
}

/** Fact retention and loss flags of every pass of a held result. */
export function retentionQuery(resultId: ResultId) {
  return queryOptions({
    queryKey: ['retention', resultId],
    queryFn: async () => unwrap(await labClient.measureRetention(resultId)),
    staleTime: Infinity,
  });
}

/**
 * The offline prediction of a config (given as its JSON: the what-if debounces that text, since the edited config is
 * a new object on every render) on a transcript. A superseded prediction fails with a
 * `cancelled` answer, so it is never cached as an answer; it is not retried, since a newer one is already asked.
 */
export function predictionQuery(transcriptKey: string, configJson: string, encoding: EncodingName) {
  return queryOptions({
    queryKey: ['predict-run', transcriptKey, encoding, configJson],
    queryFn: async () => unwrap(await labClient.predictRun(transcriptKey, JSON.parse(configJson), encoding)),
    staleTime: Infinity,
    retry: false,
  });
}

/**
 * Whether a failed query is worth asking again: never when the worker refused (`refusalOf`), since the same question
 * gets the same refusal — a pass with nothing to probe would otherwise show as "Counting…" until the retry gave up —
 * and once for anything else (a worker that failed to answer at all), as every query of the page.
 */
function isWorthRetrying(failureCount: number, error: Error): boolean {
  return refusalOf(error) === undefined && failureCount < 1;
}

/**
 * The calls and most cost of probing a pass of a held result; `reportNumber` names the report whose questions it asks
 * again (0: none). A pass that cannot be probed is the query's error (`nothing-to-probe`, in the engine's words): a
 * refusal, neither retried nor asked again when the panel shows again, like an answer.
 */
export function probePlanQuery(request: ProbePlanRequest, reportNumber: number) {
  const { resultId, pass, options, model, encoding, prices } = request;
  return queryOptions({
    queryKey: ['probe-plan', resultId, pass, options.questions, options.perKind, model, encoding, prices, reportNumber],
    queryFn: async () => unwrap(await labClient.planProbes(request)),
    staleTime: Infinity,
    retry: isWorthRetrying,
    retryOnMount: false,
  });
}

/** A profile's parameters as JSON Schema. */
export function configSchemaQuery(profile: string) {
  return queryOptions({
    queryKey: ['config-schema', profile],
    queryFn: async () => unwrap(await labClient.describeConfig(profile)),
    staleTime: Infinity,
  });
}

/** A config document checked by the engine's schema (the query hashes the document itself, so equal documents share one answer). */
export function configCheckQuery(document: ConfigDocument) {
  return queryOptions({
    queryKey: ['config-check', document],
    queryFn: async () => unwrap(await labClient.validateConfig(document)),
    staleTime: Infinity,
  });
}

/** A config rendered as code for a seed's API (keyed by the config itself, hashed by the query). */
export function configCodeQuery(config: ConfigDocument, language: ConfigCodeLanguage, emitAll: boolean) {
  return queryOptions({
    queryKey: ['config-code', config, language, emitAll],
    queryFn: async () => unwrap(await labClient.renderConfigCode(config, language, { emitAll })),
    staleTime: Infinity,
    retry: false,
  });
}

/**
 * A provider's model list (the connection test), keyed by provider, endpoint and the key's mask: a new key or base URL
 * is a new question. `onAnswer` hears every answer (the network panel records the request it made).
 */
export function providerModelsQuery(spec: ProviderSpec | undefined, keyMask: string | undefined, onAnswer?: (result: ConnectionResult) => void) {
  return queryOptions({
    queryKey: ['provider-models', spec?.provider, spec?.baseURL ?? '', keyMask ?? ''],
    queryFn: async () => {
      if (!spec) throw new Error('The provider settings are incomplete.');
      const result = unwrap(await labClient.testConnection(spec));
      onAnswer?.(result);
      return result;
    },
    staleTime: Infinity,
    retry: false,
  });
}

/** Where a comparison's progress goes while it runs: the profile run's light events, and each live call it makes. */
interface VersusListeners {
  onProgress?: (progress: VersusProgress) => void;
  onCall?: (call: LiveCallRecord) => void;
}

/**
 * A profile compared with the agent's own compaction of a transcript (undefined: nothing asked yet), keyed by everything that changes the answer:
 * the transcript, the config (its JSON), the compaction, the encoding and the live providers. The query's abort signal
 * stops the profile run in the worker. Nothing to compare against is the query's error (the worker's refusal, in the
 * lab's words); so is a cancelled comparison (`cancelled`), which is then no answer to keep: asked again, it runs
 * again. Not retried: a failed run is an answer to read, and a live one costs money.
 */
export function versusQuery(request: VersusRequest | undefined, listeners: VersusListeners = {}) {
  return queryOptions({
    queryKey: request ? ['versus', request.transcriptKey, JSON.stringify(request.config), request.boundary ?? 'last', request.encoding, request.providers ?? 'offline', request.prices, request.allowCallbacks === true, request.runAnyway === true, request.sizing ?? 'as-configured'] : ['versus', 'nothing asked'],
    // Nothing is asked until the user compares: the query waits (skipToken) instead of answering for nothing.
    queryFn: request
      ? async ({ signal }) => unwrap(await labClient.compareWithAgent(request, listeners.onProgress, undefined, listeners.onCall, signal))
      : skipToken,
    staleTime: Infinity,
    retry: false,
  });
}
