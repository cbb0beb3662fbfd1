import experimentWorkerUrl from '../worker/experiment-worker.ts?worker&url';
import { comlinkCellEndpoint } from './cell-endpoint';
import type { CellEndpoint } from './experiment-pool';
import { createModuleWorker } from './module-worker';

/**
 * An experiment worker in the page (src/worker/experiment-worker.ts), started under the page's Content-Security-Policy
 * like the lab worker. A load failure or an uncaught error (`error`) and a message it cannot read (`messageerror`) end it.
 */
export function createBrowserCellEndpoint(): CellEndpoint {
  const worker = createModuleWorker(experimentWorkerUrl, 'compaction-lab-experiment');
  return comlinkCellEndpoint(
    worker,
    (stop) => {
      worker.addEventListener('error', (event) => {
        event.preventDefault();
        stop(event.message || 'it failed to load or ran out of memory');
      });
      worker.addEventListener('messageerror', () => stop('it sent a message the page could not read'));
    },
    () => worker.terminate(),
  );
}
