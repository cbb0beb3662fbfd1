import { wrap, type Endpoint } from 'comlink';
import type { ExperimentWorkerApi } from './experiment-protocol';
import { WorkerStopped, type CellEndpoint } from './experiment-pool';

/**
 * A pool endpoint over any comlink endpoint: calls race the worker's end, which `watchEnd` reports (an error event, a
 * message that cannot be read, an exit) and `terminate` causes, so no call waits on a worker that is gone.
 */
export function comlinkCellEndpoint(target: Endpoint, watchEnd: (stop: (reason: string) => void) => void, terminate: () => void): CellEndpoint {
  const remote = wrap<ExperimentWorkerApi>(target);
  let stop: (error: WorkerStopped) => void = () => undefined;
  const gone = new Promise<never>((_, reject) => {
    stop = reject;
  });
  // Nobody may be waiting when it ends; the rejection is for calls in flight, not an unhandled error.
  gone.catch(() => undefined);
  let hasEnded = false;
  const end = (reason: string) => {
    if (hasEnded) return;
    hasEnded = true;
    stop(new WorkerStopped(reason));
    terminate();
  };
  watchEnd(end);
  return {
    runCell: (request) => (hasEnded ? gone : Promise.race([remote.runCell(request), gone])),
    terminate() {
      if (hasEnded) return;
      end('it was stopped');
    },
  };
}
