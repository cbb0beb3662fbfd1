import type { ConfigApi } from './config-protocol';
import type { CostApi } from './cost-protocol';
import type { ExperimentApi } from './experiment-protocol';
import type { ProbeApi } from './probe-protocol';
import type { ResultId, WorkerReply } from './protocol';
import type { ProviderApi } from './provider-protocol';
import type { ReplayApi } from './replay-protocol';
import type { RunApi } from './run-protocol';
import type { TranscriptApi } from './transcript-protocol';
import type { VersusApi } from './versus-protocol';

/**
 * What the lab worker exposes (through comlink): every capability's methods, one line each. Every method answers a
 * `WorkerReply` (the rule of refusal and answer is written on it, in `protocol.ts`): errors come back as data, never as
 * a throw. The worker's `createLabApi` must implement every method and the page's client lists every name
 * (`methodNames` in `typed-client.ts`), or neither compiles.
 */
export interface LabWorkerApi extends TranscriptApi, RunApi, ConfigApi, ProbeApi, VersusApi, ReplayApi, ProviderApi, CostApi, ExperimentApi {
  /** Lets the worker drop a held result now (the A/B panel keeps only what it measured), instead of when it ages out. Held results are every capability's. */
  releaseResult(resultId: ResultId): Promise<WorkerReply<void>>;
}
