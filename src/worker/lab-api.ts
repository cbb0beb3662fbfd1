import {
  countMessageBatches, countMessageTokens, estimateTokens, fitLoggedUsage, importText, kindTotals, lastHeldContext, loggedCalls, measureRetention,
  messageImageTokens, messageText, TokenCache, type CompactionEvent, type EncodingName, type ImportResult, type TokenCounter,
} from '../engine';
import { declaredPins } from '../engine/config';
import type { Message, Role, Transcript } from '../engine/transcript';
import type { ResultId } from '../worker-client/protocol';
import type { LabWorkerApi } from '../worker-client/lab-worker-api';
import type { ImportResponse, LastHeldCount, TokenBatch, TokenSummary } from '../worker-client/transcript-protocol';
import { latest } from '../worker-client/latest';
import { renderConfigCode } from '../engine/headless';
import { importBytes } from '../lab/import-bytes';
import { describeProfileConfig, validateConfigDocument } from '../lab/config-schema';
import { breakdownRunPasses } from '../lab/pass-breakdowns';
import { createRunPredictor } from '../lab/predict-run';
import { testProviderConnection } from '../lab/provider-connection';
import { createProviderKeyStore } from '../lab/provider-keys';
import { createWorkerSummarizers, deliverSafely, refusedRun } from '../lab/provider-summarizers';
import { runCompaction } from '../lab/run-compaction';
import { lastHeldStart } from '../lab/run-start';
import { loggedCostOf } from '../lab/logged-cost';
import { compareAtCompaction, refusedComparison } from '../lab/versus';
import { loadTokenCounter } from '../ports/tokenizer/token-counter';
import { planProbeRun, runProbeRun } from '../lab/probe-runs';
import { loadPriceBook } from '../providers/prices/price-book';
import { createHeldResults, type HeldResult } from './held-results';
import { createCostApi } from './cost-lab-api';
import { createExperimentLabApi } from './experiment-lab-api';
import { createReplayApi } from './replay-lab-api';
import { reply, resultNotHeld, superseded, unknownTranscript, valueOrRefusal } from './worker-replies';

/** Lets queued messages (a newer request) run before the next batch. */
function yieldToEventLoop(): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, 0));
}

/** The instant estimate shown before exact counts arrive: per-kind characters per token, plus image estimates. */
function estimateMessage(message: Message): number {
  return estimateTokens(messageText(message)) + messageImageTokens(message);
}

/** The worker key of the context as the agent last held it, taken from the transcript under `transcriptKey`. */
function lastHeldKey(transcriptKey: string): string {
  return `${transcriptKey}/last-held`;
}

/** The exact count of the context the agent last held, like the whole file's (system prompt included), when it compacted. */
function countLastHeld(transcript: Transcript, counter: TokenCounter, cache: TokenCache): LastHeldCount | undefined {
  const held = lastHeldContext(transcript);
  if (!held) return undefined;
  const { messages, system } = held.transcript;
  // The held messages are the file's own (or the summary's rebuilt history): the cache makes the file's ones free.
  const total = messages.reduce((sum, message) => sum + countMessageTokens(message, counter, cache), system ? countMessageTokens(system, counter, cache) : 0);
  return { total, messages: messages.length, ordinal: held.compaction.ordinal };
}

/**
 * The worker's implementation of {@link LabWorkerApi}. Kept apart from the worker entry so Node tests can drive the
 * very same code without a Worker. Every method answers through `reply`, so none throws across the boundary.
 */
export function createLabApi(now: () => number = () => performance.now()): LabWorkerApi {
  const transcripts = new Map<string, Transcript>();
  // One cache for the worker's life: re-importing a file or switching back to an encoding costs a hash per message.
  const cache = new TokenCache();
  let importCount = 0;
  // Keys live only here, in worker memory: no method returns one, and they vanish with the worker.
  const keys = createProviderKeyStore();
  // Finished compactions by id: the page asks about the result it shows (or measures), never "the latest".
  const results = createHeldResults();
  // One count, one compaction and one probe run at a time: a newer one supersedes the running one.
  const counts = latest();
  const compactions = latest();
  const probes = latest();
  const comparisons = latest();
  const predict = createRunPredictor(cache);
  // Session replays (issue 18): held by id beside the results; an opened compaction joins `transcripts` and `results`.
  const replays = createReplayApi({
    transcriptOf: (transcriptKey) => transcriptOf(transcriptKey),
    registerTranscript: (transcriptKey, transcript) => transcripts.set(transcriptKey, transcript),
    forgetTranscript: (transcriptKey) => transcripts.delete(transcriptKey),
    results,
    keys,
    cache,
  });

  function respond(result: ImportResult): ImportResponse {
    importCount += 1;
    // Only the latest successful import is kept: the worker must not grow with every file the user tries, and a
    // failed import leaves the page showing the previous transcript, which must stay countable and compactable.
    if (result.transcripts.length > 0) {
      transcripts.clear();
      results.clear();
      replays.clear();
    }
    const transcriptKeys = result.transcripts.map((_, index) => `import-${importCount}/run-${index}`);
    result.transcripts.forEach((transcript, index) => transcripts.set(transcriptKeys[index], transcript));
    return {
      transcripts: result.transcripts,
      transcriptKeys,
      report: result.report,
      estimates: result.transcripts.map((transcript) => transcript.messages.map(estimateMessage)),
      systemEstimates: result.transcripts.map((transcript) => (transcript.system ? estimateMessage(transcript.system) : 0)),
    };
  }

  /** The imported transcript under `transcriptKey`; refused when a newer import replaced it. */
  function transcriptOf(transcriptKey: string): Transcript {
    const transcript = transcripts.get(transcriptKey);
    if (!transcript) throw unknownTranscript(transcriptKey);
    return transcript;
  }

  /** The result held under `resultId`; refused when the worker no longer holds it. */
  function heldResult(resultId: ResultId): HeldResult {
    const held = results.get(resultId);
    if (!held) throw resultNotHeld();
    return held;
  }

  return {
    importFile: (file, fileName) => reply(async () => respond(await importBytes(new Uint8Array(await file.arrayBuffer()), fileName))),
    importText: (text, fileName) => reply(() => respond(importText(text, { fileName }))),
    countTokens: (transcriptKey: string, encoding: EncodingName, onBatch: (batch: TokenBatch) => void) =>
      reply(async (): Promise<TokenSummary> => {
        const request = counts.next();
        const transcript = transcriptOf(transcriptKey);
        const startedAt = now();
        const counter = await loadTokenCounter(encoding);
        if (!request.isCurrent()) throw superseded();
        const hitsBefore = cache.hits;
        const perMessage: number[] = [];
        for (const batch of countMessageBatches(transcript.messages, counter, cache)) {
          perMessage.push(...batch.counts);
          onBatch({ transcriptKey, encoding, startIndex: batch.startIndex, counts: batch.counts, done: batch.countedMessages, total: batch.totalMessages });
          await yieldToEventLoop();
          if (!request.isCurrent()) throw superseded();
        }
        const system = transcript.system ? countMessageTokens(transcript.system, counter, cache) : 0;
        const byRole: Record<Role, number> = { system, user: 0, assistant: 0, tool: 0 };
        transcript.messages.forEach((message, index) => {
          byRole[message.role] += perMessage[index];
        });
        const total = perMessage.reduce((sum, count) => sum + count, system);
        // The header states this split: the Tokens tab's, so both say the same (issue 27).
        const byKind = kindTotals(system, transcript.messages, perMessage);
        const usage = fitLoggedUsage(loggedCalls(transcript, perMessage, system), encoding);
        const lastHeld = countLastHeld(transcript, counter, cache);
        return { transcriptKey, encoding, perMessage, system, total, byRole, byKind, usage, ...(lastHeld ? { lastHeld } : {}), cachedMessages: cache.hits - hitsBefore, durationMs: now() - startedAt };
      }),
    openLastHeld: (transcriptKey) =>
      reply(() => {
        const held = valueOrRefusal(lastHeldStart(transcriptOf(transcriptKey)));
        const heldKey = lastHeldKey(transcriptKey);
        // Registered like an import, so the run, counts, breakdowns and predictions of it find it by its own key.
        transcripts.set(heldKey, held.transcript);
        return { context: held.transcript, transcriptKey: heldKey, ofTranscriptKey: transcriptKey, ordinal: held.compaction.ordinal };
      }),
    loggedCost: (transcriptKey, overrides) => reply(() => loggedCostOf(transcriptOf(transcriptKey), overrides)),
    compact: (request, onEvent, onDelta, onCall) =>
      reply(async () => {
        const transcript = transcriptOf(request.transcriptKey);
        // One run at a time: a newer compaction supersedes the running one, whose HTTP request is closed.
        const { signal } = compactions.next();
        const built = request.providers ? createWorkerSummarizers(request.providers, keys, { onDelta, onCall }, loadPriceBook(request.prices)) : undefined;
        if (built && 'error' in built) onEvent({ type: 'run-error', error: built.error });
        const result = built && 'error' in built ? refusedRun(transcript, request.config, built.error) : await runCompaction(transcript, request, onEvent, { signal, choice: built?.choice, cache });
        // Every finished run is held under its own id, so a side experiment (A/B) never replaces what another view shows.
        return { resultId: results.hold({ transcript, result, config: request.config }), result };
      }),
    cancelCompaction: () => reply(() => compactions.cancel()),
    releaseResult: (resultId) => reply(() => results.release(resultId)),
    setProviderKey: (provider, key) => reply(() => keys.set(provider, key)),
    listProviderKeys: () => reply(() => keys.list()),
    clearProviderKeys: () => reply(() => keys.clear()),
    testConnection: (spec) => reply(() => testProviderConnection(spec, keys.get(spec.provider))),
    breakdownPasses: (subject, encoding) =>
      reply(async () => {
        const { transcript, result } = 'resultId' in subject ? heldResult(subject.resultId) : { transcript: transcriptOf(subject.transcriptKey), result: undefined };
        return breakdownRunPasses(transcript, result, await loadTokenCounter(encoding), cache);
      }),
    measureRetention: (resultId) =>
      reply(() => {
        const { transcript, result, config } = heldResult(resultId);
        return measureRetention(transcript, result, declaredPins(config).map((pin) => pin.line));
      }),
    planProbes: (request) =>
      reply(async () => {
        const { transcript, result } = heldResult(request.resultId);
        return valueOrRefusal(planProbeRun(transcript, result, request, await loadTokenCounter(request.encoding), await loadPriceBook(request.prices).catch(() => undefined)));
      }),
    runProbes: (request, onStep, onCall) =>
      reply(async () => {
        const { transcript, result } = heldResult(request.resultId);
        const { signal } = probes.next();
        const listeners = { onStep: deliverSafely(onStep) ?? (() => undefined), onCall: deliverSafely(onCall) };
        return valueOrRefusal(await runProbeRun(transcript, result, request, keys, listeners, signal));
      }),
    cancelProbes: () => reply(() => probes.cancel()),
    compareWithAgent: (request, onProgress, onDelta, onCall) =>
      reply(async () => {
        const transcript = transcriptOf(request.transcriptKey);
        // One comparison at a time: a newer one (or cancelVersus) aborts the running profile run.
        const { signal } = comparisons.next();
        const built = request.providers ? createWorkerSummarizers(request.providers, keys, { onDelta, onCall }, loadPriceBook(request.prices)) : undefined;
        // A run refused before it starts is a failed run, as `compact` answers it: an answer, not a refusal.
        if (built && 'error' in built) return refusedComparison(transcript, request.config, built.error);
        const deliver = deliverSafely(onProgress);
        // Only the light events cross to the page: a pass's snapshot and the run's result carry whole message lists.
        const onEvent = (event: CompactionEvent): void => {
          if (event.type !== 'pass-end' && event.type !== 'run-end') deliver?.(event);
        };
        return valueOrRefusal(await compareAtCompaction(transcript, request, onEvent, { signal, choice: built?.choice, cache }));
      }),
    cancelVersus: () => reply(() => comparisons.cancel()),
    replaySession: replays.replaySession,
    openReplayCompaction: replays.openReplayCompaction,
    cancelReplays: replays.cancelReplays,
    ...createCostApi(),
    ...createExperimentLabApi(),
    predictRun: (transcriptKey, config, encoding) =>
      reply(async () => {
        const prediction = await predict(transcriptOf(transcriptKey), config, encoding);
        if ('cancelled' in prediction) throw superseded();
        return prediction;
      }),
    // Config editor (issue 6): the schema work stays here so the page never bundles the profiles' code.
    describeConfig: (profile) => reply(() => describeProfileConfig(profile)),
    validateConfig: (document) => reply(() => validateConfigDocument(document)),
    // Config as code (issue 6): rendering validates with the profiles' schemas, which only the worker loads.
    renderConfigCode: (config, language, options) =>
      reply(() => {
        const rendered = renderConfigCode(config, language, options);
        return 'issues' in rendered ? { ok: false as const, issues: rendered.issues } : { ok: true as const, ...rendered };
      }),
  };
}
