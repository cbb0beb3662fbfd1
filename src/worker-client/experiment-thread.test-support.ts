import { expose } from 'comlink';
import { nodeEndpoint } from './node-comlink.test-support';
import { parentPort } from 'node:worker_threads';
import { createExperimentApi } from '../worker/experiment-api';
import type { CellRequest, ExperimentWorkerApi } from './experiment-protocol';

/** A transcript name that makes this thread exit mid-cell, as a worker that crashes would. */
export const poisonName = 'exits-the-thread.jsonl';

// The experiment worker's API in a Node worker thread, over comlink's Node adapter: the pool's tests run the real cell
// code in real threads. A cell of the poison transcript ends the thread, as a crash would.
if (parentPort) {
  const api = createExperimentApi();
  const threadApi: ExperimentWorkerApi = {
    runCell: (request: CellRequest) => {
      if (request.transcript.name === poisonName) process.exit(70);
      return api.runCell(request);
    },
  };
  expose(threadApi, nodeEndpoint(parentPort));
}
