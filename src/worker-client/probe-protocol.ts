/** The worker contract's types for probe mode (issue 7): planning and running probes of a held result's pass (types only). */
import type { EncodingName, Probe, ProbeOptions, ProbePlan, ProbeReport, ProbeStep } from '../engine';
import type { LiveCallRecord } from '../providers/live/live-summarizer';
import type { PriceOverrides } from '../providers/prices/overrides';
import type { ProviderSpec } from '../providers/live/provider-spec';
import type { ResultId, WorkerReply } from './protocol';

// Probe types live in the engine (issue 7); re-exported so the page reads them from the contract.
export {
  perKindLimits, probeKinds, type Probe, type ProbeGrade, type ProbeKind,
  type ProbeOptions, type ProbeQuestionSource, type ProbeReport, type ProbeStep,
} from '../engine';

/** What a probe run of a pass of a held result would cost, asked before it runs. `model` and `prices` price it; tokens are in `encoding`. */
export interface ProbePlanRequest {
  resultId: ResultId;
  pass: number;
  options: ProbeOptions;
  encoding: EncodingName;
  model?: string;
  /** The user's price overrides, on top of the catalog (`@pydantic/genai-prices`) that prices every call. */
  prices?: PriceOverrides;
  /** An earlier report's questions to ask again (then no question is written). */
  askAgain?: Probe[];
}

/** A probe plan with the most it can cost in US dollars (null when the model is not priced). */
export interface PricedProbePlan {
  plan: ProbePlan;
  maxCostUsd: number | null;
}

/** A probe run: which pass of which held result, how, and the live model (with a key the worker holds). */
export interface ProbeRunRequest {
  resultId: ResultId;
  pass: number;
  options: ProbeOptions;
  provider: ProviderSpec;
  /** The user's price overrides, on top of the catalog (`@pydantic/genai-prices`) that prices every call. */
  prices?: PriceOverrides;
  /** An earlier report's questions to ask again, so runs of different configs answer the same questions. */
  askAgain?: Probe[];
}

/** The worker methods that plan and run probes of a held result's pass. Part of `LabWorkerApi` (`lab-worker-api.ts`). */
export interface ProbeApi {
  /**
   * The calls, tokens and most cost of probing a pass of a held result, computed without any call. A pass that
   * compacted nothing to ask about is refused (`nothing-to-probe`) in words.
   */
  planProbes(request: ProbePlanRequest): Promise<WorkerReply<PricedProbePlan>>;
  /**
   * Probes a pass of a held result with a live model: each step to `onStep` as it starts, each finished call to
   * `onCall` with its step; answers the report. A run that cannot start (an invalid model, a missing key) or stops (a
   * reply it cannot read: `probe-failed`; a provider failure: the provider's code, `http-429`) is refused in words,
   * never with a key. A newer `runProbes` cancels a running one.
   */
  runProbes(request: ProbeRunRequest, onStep: (step: ProbeStep) => void, onCall?: (call: LiveCallRecord, step: ProbeStep) => void): Promise<WorkerReply<ProbeReport>>;
  /** Aborts the running probe run (its HTTP request is closed); it answers with a `cancelled` error. */
  cancelProbes(): Promise<WorkerReply<void>>;
}
