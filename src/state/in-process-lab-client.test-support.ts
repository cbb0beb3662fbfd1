import type { LabClient } from '../worker-client/lab-client';
import type { LabWorkerApi } from '../worker-client/protocol';
import { createLabApi } from '../worker/lab-api';

let api: LabWorkerApi = createLabApi();

/**
 * Starts a fresh in-process worker (no transcripts, no kept results), as a page reload would. Component tests call it
 * before each test so no test reads another's results.
 */
export function resetLabClient(): void {
  api = createLabApi();
}

/**
 * A stand-in for `src/worker-client/lab-client.ts` in component tests, which run without a Web Worker: the same
 * `createLabApi` the worker runs, called in this thread. Every answer is a real computation (import, exact counts,
 * compaction, breakdowns, retention, predictions, config checks), never a canned value. Component tests swap it in with
 * `vi.mock('…/worker-client/lab-client', () => import('…/state/in-process-lab-client.test-support'))`, so this file
 * exports what that module does.
 */
export const labClient: LabClient = {
  importFile: (file) => api.importFile(file, file.name),
  importText: (text, fileName) => api.importText(text, fileName),
  countTokens: (transcriptKey, encoding, onBatch) => api.countTokens(transcriptKey, encoding, onBatch),
  compact: (request, onEvent, onDelta, onCall) => api.compact(request, onEvent, onDelta, onCall),
  cancelCompaction: () => api.cancelCompaction(),
  setProviderKey: (provider, key) => api.setProviderKey(provider, key),
  listProviderKeys: () => api.listProviderKeys(),
  clearProviderKeys: () => api.clearProviderKeys(),
  testConnection: (spec) => api.testConnection(spec),
  breakdownPasses: (transcriptKey, encoding, slot) => api.breakdownPasses(transcriptKey, encoding, slot),
  measureRetention: (transcriptKey, slot) => api.measureRetention(transcriptKey, slot),
  predictRun: (transcriptKey, config, encoding) => api.predictRun(transcriptKey, config, encoding),
  planProbes: (request) => api.planProbes(request),
  runProbes: (request, onStep, onCall) => api.runProbes(request, onStep, onCall),
  cancelProbes: () => api.cancelProbes(),
  describeConfig: (profile) => api.describeConfig(profile),
  validateConfig: (document) => api.validateConfig(document),
  renderConfigCode: (config, language, options) => api.renderConfigCode(config, language, options),
  restart: resetLabClient,
};
