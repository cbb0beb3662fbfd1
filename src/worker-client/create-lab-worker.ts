import labWorkerUrl from '../worker/lab-worker.ts?worker&url';
import { createModuleWorker } from './module-worker';

/** Starts the page's lab worker, under the page's Content-Security-Policy (see `createModuleWorker`). */
export function createLabWorker(): Worker {
  return createModuleWorker(labWorkerUrl, 'compaction-lab');
}
