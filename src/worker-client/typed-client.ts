import type { WorkerReply } from './protocol';
import type { LabWorkerApi } from './lab-worker-api';
import type { ImportResponse } from './transcript-protocol';

/**
 * The long calls the page may stop, and the worker method that stops each (it answers as cancelled, not as a throw).
 * A replay's signal stops every running replay (`cancelReplays`): the two replays of an A/B over the session start
 * and stop together, and a replay never supersedes another.
 */
const cancelledBy = { compact: 'cancelCompaction', runProbes: 'cancelProbes', compareWithAgent: 'cancelVersus', replaySession: 'cancelReplays' } as const satisfies Partial<Record<keyof LabWorkerApi, keyof LabWorkerApi>>;

type Cancellable = keyof typeof cancelledBy;

/** A method that also takes a trailing `AbortSignal`: aborting it asks the worker to stop the call. */
type WithSignal<Method> = Method extends (...args: infer Arguments) => infer Answer ? (...args: [...Arguments, signal?: AbortSignal]) => Answer : never;

/**
 * How the page calls the lab worker: the same calls as the worker contract (a mapped type, so a new worker method
 * needs no forwarding code), except that a file carries its own name and the long calls take a trailing `AbortSignal`.
 */
export type LabClient = { [Name in Exclude<keyof LabWorkerApi, 'importFile' | Cancellable>]: LabWorkerApi[Name] } & { [Name in Cancellable]: WithSignal<LabWorkerApi[Name]> } & {
  importFile(file: File): Promise<WorkerReply<ImportResponse>>;
};

/** Calls one worker method by name with the arguments it takes; a worker that is gone rejects. */
export type WorkerCall = (name: keyof LabWorkerApi, args: unknown[]) => Promise<unknown>;

/** Every worker method by name: the compiler fails here until a new method of the contract is listed. */
const methodNames: Record<keyof LabWorkerApi, true> = {
  importFile: true,
  importText: true,
  countTokens: true,
  openLastHeld: true,
  loggedCost: true,
  compact: true,
  cancelCompaction: true,
  releaseResult: true,
  setProviderKey: true,
  listProviderKeys: true,
  clearProviderKeys: true,
  testConnection: true,
  breakdownPasses: true,
  measureRetention: true,
  predictRun: true,
  planProbes: true,
  runProbes: true,
  cancelProbes: true,
  compareWithAgent: true,
  cancelVersus: true,
  replaySession: true,
  openReplayCompaction: true,
  cancelReplays: true,
  priceModel: true,
  describeConfig: true,
  validateConfig: true,
  renderConfigCode: true,
  judgeExperiment: true,
  readExperimentJsonl: true,
  writeExperimentJsonl: true,
  readExperimentDefinition: true,
  checkAssertion: true,
};

/** Whether a worker method is one of the long calls the page may stop. */
function isCancellable(name: string): name is Cancellable {
  return Object.hasOwn(cancelledBy, name);
}

/**
 * A typed client over `call`: every worker method by name. A trailing `AbortSignal` on a long call asks the worker to
 * stop it (with the method that cancels it) while it is in flight; the call still answers, as cancelled. Component
 * tests build one over the in-process API; the page's is `labClient` (`lab-client.ts`), over comlink.
 */
export function createLabClient(call: WorkerCall): LabClient {
  const invoke = async (name: keyof LabWorkerApi, args: unknown[]): Promise<unknown> => {
    const last = args[args.length - 1];
    if (!isCancellable(name) || !(last instanceof AbortSignal)) return call(name, args);
    const signal = last;
    const stop = () => void call(cancelledBy[name], []).catch(() => undefined);
    signal.addEventListener('abort', stop, { once: true });
    try {
      const answer = call(name, args.slice(0, -1));
      if (signal.aborted) stop();
      return await answer;
    } finally {
      signal.removeEventListener('abort', stop);
    }
  };
  // The bridge's two casts: `methodNames` holds exactly the contract's names (the compiler checks its keys), and each
  // entry forwards its method's own arguments and answer unchanged, which is what the mapped type states.
  const names = Object.keys(methodNames) as (keyof LabWorkerApi)[];
  const methods = Object.fromEntries(names.map((name) => [name, name === 'importFile' ? (file: File) => invoke(name, [file, file.name]) : (...args: unknown[]) => invoke(name, args)]));
  return methods as LabClient;
}

