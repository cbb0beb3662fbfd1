import { proxy, wrap, type Remote } from 'comlink';
import type { EncodingName } from '../engine/tokens/token-counter';
import type { CompactionEvent, RunResult } from '../engine/run/events';
import type { Cancelled, CompactRequest, ImportResponse, LabWorkerApi, TokenBatch, TokenSummary } from './protocol';

/** The main thread's handle on the lab worker: one worker for the page, created on first use. */
export interface LabClient {
  importFile(file: File): Promise<ImportResponse>;
  importText(text: string, fileName?: string): Promise<ImportResponse>;
  countTokens(runKey: string, encoding: EncodingName, onBatch: (batch: TokenBatch) => void): Promise<TokenSummary | Cancelled>;
  compact(request: CompactRequest, onEvent: (event: CompactionEvent) => void): Promise<RunResult>;
}

let remote: Remote<LabWorkerApi> | undefined;

function worker(): Remote<LabWorkerApi> {
  remote ??= wrap<LabWorkerApi>(new Worker(new URL('../worker/lab-worker.ts', import.meta.url), { type: 'module', name: 'compaction-lab' }));
  return remote;
}

/** The page-wide client. Callbacks are proxied so the worker can stream batches back. */
export const labClient: LabClient = {
  importFile: (file) => worker().importFile(file, file.name),
  importText: (text, fileName) => worker().importText(text, fileName),
  countTokens: (runKey, encoding, onBatch) => worker().countTokens(runKey, encoding, proxy(onBatch)),
  compact: (request, onEvent) => worker().compact(request, proxy(onEvent)),
};
