import { importText } from '../engine/formats/import-text';
import type { ImportResult } from '../engine/formats/import-report';
import type { EncodingName } from '../engine/tokens/token-counter';
import type { Role, Transcript } from '../engine/transcript/model';
import type { Cancelled, ImportResponse, LabWorkerApi, TokenBatch, TokenSummary } from '../worker-client/protocol';
import { createMessageCounter } from './message-counter';

/** How long the worker counts before it posts a batch and yields, so progress flows and a newer request can cut in. */
const BATCH_BUDGET_MS = 40;

/** Lets queued messages (a newer request) run before the next batch. */
function yieldToEventLoop(): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, 0));
}

/**
 * The worker's implementation of {@link LabWorkerApi}. Kept apart from the worker entry so Node tests and the CLI
 * can drive the very same code without a Worker.
 */
export function createLabApi(now: () => number = () => performance.now()): LabWorkerApi {
  const runs = new Map<string, Transcript>();
  const counter = createMessageCounter();
  let importCount = 0;
  let countGeneration = 0;

  function respond(result: ImportResult): ImportResponse {
    importCount += 1;
    // Only the latest import is kept: the worker must not grow with every file the user tries.
    runs.clear();
    const runKeys = result.transcripts.map((_, index) => `import-${importCount}/run-${index}`);
    result.transcripts.forEach((transcript, index) => runs.set(runKeys[index], transcript));
    return {
      runs: result.transcripts,
      runKeys,
      report: result.report,
      estimates: result.transcripts.map((transcript) => transcript.messages.map((message) => counter.estimate(message))),
      systemEstimates: result.transcripts.map((transcript) => (transcript.system ? counter.estimate(transcript.system) : 0)),
    };
  }

  return {
    async importFile(file, fileName) {
      const text = await file.text();
      return respond(importText(text, { fileName, byteLength: file.size }));
    },
    async importText(text, fileName) {
      return respond(importText(text, { fileName }));
    },
    async countTokens(runKey: string, encoding: EncodingName, onBatch: (batch: TokenBatch) => void): Promise<TokenSummary | Cancelled> {
      const generation = ++countGeneration;
      const transcript = runs.get(runKey);
      if (!transcript) throw new Error(`Unknown run ${runKey}: it was replaced by a newer import.`);
      const startedAt = now();
      await counter.prepare(encoding);
      if (generation !== countGeneration) return { cancelled: true };
      const { messages } = transcript;
      const perMessage = new Array<number>(messages.length).fill(0);
      const byRole: Record<Role, number> = { system: 0, user: 0, assistant: 0, tool: 0 };
      let cachedMessages = 0;
      let index = 0;
      while (index < messages.length) {
        const batchStart = index;
        const batchStartedAt = now();
        do {
          const result = counter.count(messages[index], encoding);
          perMessage[index] = result.tokenCount;
          byRole[messages[index].role] += result.tokenCount;
          if (result.isCached) cachedMessages += 1;
          index += 1;
        } while (index < messages.length && now() - batchStartedAt < BATCH_BUDGET_MS);
        onBatch({ runKey, encoding, startIndex: batchStart, counts: perMessage.slice(batchStart, index), done: index, total: messages.length });
        await yieldToEventLoop();
        if (generation !== countGeneration) return { cancelled: true };
      }
      const system = transcript.system ? counter.count(transcript.system, encoding).tokenCount : 0;
      byRole.system += system;
      const total = perMessage.reduce((sum, count) => sum + count, system);
      return { runKey, encoding, perMessage, system, total, byRole, cachedMessages, durationMs: now() - startedAt };
    },
  };
}
