import { proxy, wrap, type Remote } from 'comlink';
import { createLabWorker } from './create-lab-worker';
import type { Cancelled, ConfigCodeResult, ConfigValidation, ConnectionResult, ImportResponse, LabWorkerApi, ProbePlanResult, ProbeRunResult, RunPrediction, TokenSummary } from './protocol';

/**
 * The main thread's handle on the lab worker: one worker for the page, created on first use, replaced if it dies.
 * Same calls as the worker contract, except that a file carries its own name, plus `restart`.
 */
export type LabClient = Omit<LabWorkerApi, 'importFile'> & {
  importFile(file: File): Promise<ImportResponse>;
  /** Ends the worker at once (every call in flight rejects); the next call starts a fresh one. */
  restart(): void;
};

interface Connection {
  worker: Worker;
  remote: Remote<LabWorkerApi>;
  /** Rejects when the worker fails to load or dies, so no call waits forever on a worker that is gone. */
  ended: Promise<never>;
  end(reason: string): void;
}

let connection: Connection | undefined;

function connect(): Connection {
  if (connection) return connection;
  const worker = createLabWorker();
  let rejectEnded: (error: Error) => void = () => {};
  const ended = new Promise<never>((_, reject) => {
    rejectEnded = reject;
  });
  // Nobody may be waiting when it ends; the rejection is for calls in flight, not an unhandled error.
  ended.catch(() => {});
  const current: Connection = {
    worker,
    remote: wrap<LabWorkerApi>(worker),
    ended,
    end(reason) {
      worker.terminate();
      if (connection === current) connection = undefined;
      rejectEnded(new Error(reason));
    },
  };
  worker.addEventListener('error', (event) => {
    event.preventDefault();
    current.end(`The background worker stopped (${event.message || 'it failed to load or ran out of memory'}); it restarts on your next action.`);
  });
  connection = current;
  return current;
}

function call<T>(work: (remote: Remote<LabWorkerApi>) => Promise<T>): Promise<T> {
  const current = connect();
  return Promise.race([work(current.remote), current.ended]);
}

/** The page-wide client. Callbacks are proxied so the worker can stream batches and events back. */
export const labClient: LabClient = {
  importFile: (file) => call((remote) => remote.importFile(file, file.name)),
  importText: (text, fileName) => call((remote) => remote.importText(text, fileName)),
  countTokens: (transcriptKey, encoding, onBatch) => call<TokenSummary | Cancelled>((remote) => remote.countTokens(transcriptKey, encoding, proxy(onBatch))),
  compact: (request, onEvent, onDelta, onCall) =>
    call((remote) => remote.compact(request, proxy(onEvent), onDelta && proxy(onDelta), onCall && proxy(onCall))),
  cancelCompaction: () => call((remote) => remote.cancelCompaction()),
  setProviderKey: (provider, key) => call((remote) => remote.setProviderKey(provider, key)),
  listProviderKeys: () => call((remote) => remote.listProviderKeys()),
  clearProviderKeys: () => call((remote) => remote.clearProviderKeys()),
  testConnection: (spec) => call<ConnectionResult>((remote) => remote.testConnection(spec)),
  breakdownPasses: (transcriptKey, encoding, slot) => call((remote) => remote.breakdownPasses(transcriptKey, encoding, slot)),
  measureRetention: (transcriptKey, slot) => call((remote) => remote.measureRetention(transcriptKey, slot)),
  predictRun: (transcriptKey, config, encoding) => call<RunPrediction | Cancelled>((remote) => remote.predictRun(transcriptKey, config, encoding)),
  // Probe mode (issue 7).
  planProbes: (request) => call<ProbePlanResult>((remote) => remote.planProbes(request)),
  runProbes: (request, onStep, onCall) => call<ProbeRunResult>((remote) => remote.runProbes(request, proxy(onStep), onCall && proxy(onCall))),
  cancelProbes: () => call((remote) => remote.cancelProbes()),
  // Config editor (issue 6).
  describeConfig: (profile) => call((remote) => remote.describeConfig(profile)),
  validateConfig: (document) => call<ConfigValidation>((remote) => remote.validateConfig(document)),
  // Config as code (issue 6).
  renderConfigCode: (config, language, options) => call<ConfigCodeResult>((remote) => remote.renderConfigCode(config, language, options)),
  restart: () => connection?.end('The worker was restarted.'),
};
