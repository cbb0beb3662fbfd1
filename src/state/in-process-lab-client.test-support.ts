import { createLabClient, type LabClient } from '../worker-client/typed-client';
import type { LabWorkerApi } from '../worker-client/lab-worker-api';
import { createLabApi } from '../worker/lab-api';

let api: LabWorkerApi = createLabApi();

/**
 * Starts a fresh in-process worker (no transcripts, no held results), as a page reload would. Component tests call it
 * before each test so no test reads another's results.
 */
export function resetLabClient(): void {
  api = createLabApi();
}

/**
 * A stand-in for `src/worker-client/lab-client.ts` in component tests, which run without a Web Worker: the page's own
 * typed client (`createLabClient`: replies, result ids and signals as the page gets them) over the same `createLabApi`
 * the worker runs, called in this thread instead of through comlink. Every answer is a real computation (import, exact
 * counts, compaction, breakdowns, retention, predictions, config checks), never a canned value. Component tests swap it
 * in with `vi.mock('…/worker-client/lab-client', () => import('…/state/in-process-lab-client.test-support'))`, so this
 * file exports what that module does.
 */
export const labClient: LabClient = createLabClient((name, args) => Reflect.apply(api[name], api, args));
