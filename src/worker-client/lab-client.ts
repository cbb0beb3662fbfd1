import { wrap } from 'comlink';
import { callOverComlink, type Connection } from './comlink-call';
import { createLabWorker } from './create-lab-worker';
import type { LabWorkerApi } from './lab-worker-api';
import { createLabClient } from './typed-client';

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
  const current: Connection = { remote: wrap<LabWorkerApi>(worker), ended };
  worker.addEventListener('error', (event) => {
    event.preventDefault();
    worker.terminate();
    if (connection === current) connection = undefined;
    rejectEnded(new Error(`The background worker stopped (${event.message || 'it failed to load or ran out of memory'}); it restarts on your next action.`));
  });
  connection = current;
  return current;
}

/**
 * The page-wide client (a `LabClient`): one worker for the page, created on first use and replaced if it dies; every
 * function argument is proxied, so the worker can call back.
 */
export const labClient = createLabClient(callOverComlink(connect));
