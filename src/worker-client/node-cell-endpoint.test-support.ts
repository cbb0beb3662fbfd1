import { nodeEndpoint } from './node-comlink.test-support';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { Worker } from 'node:worker_threads';
import { comlinkCellEndpoint } from './cell-endpoint';
import type { CellEndpoint } from './experiment-pool';

// From the file's path: a DOM test environment's URL resolves against the page, not the file system.
const threadModule = pathToFileURL(path.join(import.meta.dirname, 'experiment-thread.test-support.ts')).href;

/** The Node threads started so far, so a test can stop one from outside. */
export const startedThreads: Worker[] = [];

/**
 * A pool endpoint on a real Node worker thread running the experiment worker's API (its TypeScript loaded through tsx,
 * as the CLI's eval threads load theirs). An error or an exit of the thread ends it, as the page's error events do.
 */
export function nodeCellEndpoint(): CellEndpoint {
  const worker = new Worker(`import('tsx/esm/api').then(({ tsImport }) => tsImport(${JSON.stringify(threadModule)}, ${JSON.stringify(threadModule)}))`, { eval: true });
  startedThreads.push(worker);
  return comlinkCellEndpoint(
    nodeEndpoint(worker),
    (stop) => {
      worker.on('error', (error) => stop(error.message.split('\n')[0]));
      worker.on('exit', (code) => stop(`it exited (code ${code})`));
    },
    () => void worker.terminate(),
  );
}
