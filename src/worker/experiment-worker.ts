/// <reference lib="webworker" />
import { expose } from 'comlink';
import { createExperimentApi } from './experiment-api';

// An experiment worker's entry: the pool (src/worker-client/experiment-pool.ts) starts one per spare core, each running cells.
expose(createExperimentApi());
