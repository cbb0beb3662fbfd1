import { importText } from '../engine/formats/import-text';
import type { ImportResult } from '../engine/formats/import-report';
import { countMessageTokens } from '../engine/tokens/accounting';
import { estimateTokens } from '../engine/tokens/estimate';
import { countMessageBatches } from '../engine/tokens/message-batches';
import { messageImageTokens, messageText } from '../engine/tokens/message-text';
import { TokenCache } from '../engine/tokens/token-cache';
import { loggedCalls } from '../engine/tokens/logged-calls';
import { fitLoggedUsage } from '../engine/tokens/usage-fit';
import type { EncodingName } from '../engine/tokens/token-counter';
import type { Message, Role, Transcript } from '../engine/transcript/model';
import type { RunResult } from '../engine/run/events';
import { pinnedLinesOf } from '../engine/compare/ab-compare';
import { measureRetention } from '../engine/retention/measure-retention';
import type { Cancelled, ImportResponse, LabWorkerApi, ResultSlot, TokenBatch, TokenSummary } from '../worker-client/protocol';
import { renderConfigCode } from '../engine/config/code/render-config-code';
import { importBytes } from '../lab/import-bytes';
import { describeProfileConfig, validateConfigDocument } from '../lab/config-schema';
import { breakdownRunPasses } from '../lab/pass-breakdowns';
import { createRunPredictor } from '../lab/predict-run';
import { testProviderConnection } from '../lab/provider-connection';
import { createProviderKeyStore } from '../lab/provider-keys';
import { createWorkerSummarizers, deliverSafely, refusedRun } from '../lab/provider-summarizers';
import { runCompaction } from '../lab/run-compaction';
import { loadTokenCounter } from '../tokenizer/token-counter';
import { planProbeRun, runProbeRun } from '../lab/probe-runs';

/** The key of a run's kept latest result in one slot (the inspector's unless said otherwise). */
function slotKey(transcriptKey: string, slot: ResultSlot = 'inspector'): string {
  return `${slot}|${transcriptKey}`;
}

/** Lets queued messages (a newer request) run before the next batch. */
function yieldToEventLoop(): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, 0));
}

/** The instant estimate shown before exact counts arrive: per-kind characters per token, plus image estimates. */
function estimateMessage(message: Message): number {
  return estimateTokens(messageText(message)) + messageImageTokens(message);
}

/**
 * The worker's implementation of {@link LabWorkerApi}. Kept apart from the worker entry so Node tests can drive the
 * very same code without a Worker.
 */
export function createLabApi(now: () => number = () => performance.now()): LabWorkerApi {
  const runs = new Map<string, Transcript>();
  // One cache for the worker's life: re-importing a file or switching back to an encoding costs a hash per message.
  const cache = new TokenCache();
  let importCount = 0;
  let countGeneration = 0;
  // Keys live only here, in worker memory: no method returns one, and they vanish with the worker.
  const keys = createProviderKeyStore();
  let running: AbortController | undefined;
  // The latest finished compaction per run, for the per-pass breakdown (the page shows exactly that result).
  const lastResults = new Map<string, RunResult>();
  // The config document each of those results ran with: retention checks its pinned lines.
  const lastConfigs = new Map<string, unknown>();
  const predict = createRunPredictor(cache);
  let probing: AbortController | undefined;

  function respond(result: ImportResult): ImportResponse {
    importCount += 1;
    // Only the latest successful import is kept: the worker must not grow with every file the user tries, and a
    // failed import leaves the page showing the previous transcript, which must stay countable and compactable.
    if (result.transcripts.length > 0) {
      runs.clear();
      lastResults.clear();
      lastConfigs.clear();
    }
    const transcriptKeys = result.transcripts.map((_, index) => `import-${importCount}/run-${index}`);
    result.transcripts.forEach((transcript, index) => runs.set(transcriptKeys[index], transcript));
    return {
      transcripts: result.transcripts,
      transcriptKeys,
      report: result.report,
      estimates: result.transcripts.map((transcript) => transcript.messages.map(estimateMessage)),
      systemEstimates: result.transcripts.map((transcript) => (transcript.system ? estimateMessage(transcript.system) : 0)),
    };
  }

  return {
    async importFile(file, fileName) {
      return respond(importBytes(new Uint8Array(await file.arrayBuffer()), fileName));
    },
    async importText(text, fileName) {
      return respond(importText(text, { fileName }));
    },
    async countTokens(transcriptKey: string, encoding: EncodingName, onBatch: (batch: TokenBatch) => void): Promise<TokenSummary | Cancelled> {
      const generation = ++countGeneration;
      const transcript = runs.get(transcriptKey);
      if (!transcript) throw new Error(`Unknown run ${transcriptKey}: it was replaced by a newer import.`);
      const startedAt = now();
      const counter = await loadTokenCounter(encoding);
      if (generation !== countGeneration) return { cancelled: true };
      const hitsBefore = cache.hits;
      const perMessage: number[] = [];
      for (const batch of countMessageBatches(transcript.messages, counter, cache)) {
        perMessage.push(...batch.counts);
        onBatch({ transcriptKey, encoding, startIndex: batch.startIndex, counts: batch.counts, done: batch.countedMessages, total: batch.totalMessages });
        await yieldToEventLoop();
        if (generation !== countGeneration) return { cancelled: true };
      }
      const system = transcript.system ? countMessageTokens(transcript.system, counter, cache) : 0;
      const byRole: Record<Role, number> = { system, user: 0, assistant: 0, tool: 0 };
      transcript.messages.forEach((message, index) => {
        byRole[message.role] += perMessage[index];
      });
      const total = perMessage.reduce((sum, count) => sum + count, system);
      const usage = fitLoggedUsage(loggedCalls(transcript, perMessage, system), encoding);
      return { transcriptKey, encoding, perMessage, system, total, byRole, usage, cachedMessages: cache.hits - hitsBefore, durationMs: now() - startedAt };
    },
    async compact(request, onEvent, onDelta, onCall) {
      const transcript = runs.get(request.transcriptKey);
      if (!transcript) throw new Error(`Unknown run ${request.transcriptKey}: it was replaced by a newer import.`);
      // One run at a time: a newer compaction supersedes the running one, whose HTTP request is closed.
      running?.abort();
      // Probes of the inspector's result would describe a run the page no longer shows: stop spending on them.
      if ((request.slot ?? 'inspector') === 'inspector') probing?.abort();
      const controller = new AbortController();
      running = controller;
      const finished = (result: RunResult): RunResult => {
        if (running === controller) {
          lastResults.set(slotKey(request.transcriptKey, request.slot), result);
          lastConfigs.set(slotKey(request.transcriptKey, request.slot), request.config);
        }
        return result;
      };
      try {
        if (!request.providers) return finished(await runCompaction(transcript, request, onEvent, { signal: controller.signal, cache }));
        const built = createWorkerSummarizers(request.providers, keys, { onDelta, onCall }, request.prices);
        if ('error' in built) {
          onEvent({ type: 'run-error', error: built.error });
          return finished(refusedRun(transcript, request.config, built.error));
        }
        return finished(await runCompaction(transcript, request, onEvent, { signal: controller.signal, choice: built.choice, cache }));
      } finally {
        if (running === controller) running = undefined;
      }
    },
    async cancelCompaction() {
      running?.abort();
    },
    async setProviderKey(provider, key) {
      keys.set(provider, key);
    },
    async listProviderKeys() {
      return keys.list();
    },
    async clearProviderKeys() {
      keys.clear();
    },
    async testConnection(spec) {
      return testProviderConnection(spec, keys.get(spec.provider));
    },
    async breakdownPasses(transcriptKey, encoding, slot) {
      const transcript = runs.get(transcriptKey);
      if (!transcript) throw new Error(`Unknown run ${transcriptKey}: it was replaced by a newer import.`);
      return breakdownRunPasses(transcript, lastResults.get(slotKey(transcriptKey, slot)), await loadTokenCounter(encoding), cache);
    },
    async measureRetention(transcriptKey, slot) {
      const transcript = runs.get(transcriptKey);
      if (!transcript) throw new Error(`Unknown run ${transcriptKey}: it was replaced by a newer import.`);
      const result = lastResults.get(slotKey(transcriptKey, slot));
      return result ? measureRetention(transcript, result, pinnedLinesOf(lastConfigs.get(slotKey(transcriptKey, slot)))) : [];
    },
    async planProbes(request) {
      const transcript = runs.get(request.transcriptKey);
      if (!transcript) return { ok: false, message: `Unknown run ${request.transcriptKey}: it was replaced by a newer import.` };
      return planProbeRun(transcript, lastResults.get(slotKey(request.transcriptKey)), request, await loadTokenCounter(request.encoding));
    },
    async runProbes(request, onStep, onCall) {
      const transcript = runs.get(request.transcriptKey);
      if (!transcript) return { ok: false, cancelled: false, message: `Unknown run ${request.transcriptKey}: it was replaced by a newer import.` };
      probing?.abort();
      const controller = new AbortController();
      probing = controller;
      try {
        const listeners = { onStep: deliverSafely(onStep) ?? (() => undefined), onCall: deliverSafely(onCall) };
        return await runProbeRun(transcript, lastResults.get(slotKey(request.transcriptKey)), request, keys, listeners, controller.signal);
      } finally {
        if (probing === controller) probing = undefined;
      }
    },
    async cancelProbes() {
      probing?.abort();
    },
    async predictRun(transcriptKey, config, encoding) {
      const transcript = runs.get(transcriptKey);
      if (!transcript) throw new Error(`Unknown run ${transcriptKey}: it was replaced by a newer import.`);
      return predict(transcript, config, encoding);
    },
    // Config editor (issue 6): the schema work stays here so the page never bundles the profiles' code.
    async describeConfig(profile) {
      return describeProfileConfig(profile);
    },
    async validateConfig(document) {
      return validateConfigDocument(document);
    },
    // Config as code (issue 6): rendering validates with the profiles' schemas, which only the worker loads.
    async renderConfigCode(config, language, options) {
      const rendered = renderConfigCode(config, language, options);
      return 'issues' in rendered ? { ok: false, issues: rendered.issues } : { ok: true, ...rendered };
    },
  };
}
