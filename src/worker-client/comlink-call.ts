import { proxy, type Remote } from 'comlink';
import type { LabWorkerApi } from './lab-worker-api';
import type { WorkerCall } from './typed-client';

/** A live connection to a lab worker: its comlink remote, and a promise that rejects when the worker is gone. */
export interface Connection {
  remote: Remote<LabWorkerApi>;
  /** Rejects when the worker fails to load or dies, so no call waits forever on a worker that is gone. */
  ended: Promise<never>;
}

/** Function arguments become comlink proxies, so the worker can call back (batches, events, steps); the rest is cloned. */
function forWorker(args: readonly unknown[]): unknown[] {
  return args.map((value) => (typeof value === 'function' ? proxy(value) : value));
}

/** Calls worker methods through comlink on the connection `connect` gives, racing the worker's end. */
export function callOverComlink(connect: () => Connection): WorkerCall {
  return (name, args) => {
    const current = connect();
    return Promise.race([Reflect.apply(current.remote[name], current.remote, forWorker(args)), current.ended]);
  };
}
