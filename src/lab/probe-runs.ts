import { engineError, planProbes, runProbes, type EngineError, type PriceBook, type ProbePlan, type ProbeReport, type ProbeStep, type RunResult, type TokenCounter } from '../engine';
import type { Transcript } from '../engine/transcript';
import { createLiveSummarizer, type LiveCallRecord } from '../providers/live/live-summarizer';
import { ProviderCallError, scrubKey } from '../providers/live/provider-error';
import { providerSpecSchema, type ProviderSpec } from '../providers/live/provider-spec';
import { loadPriceBook } from '../providers/prices/price-book';
import type { WorkerReply } from '../worker-client/protocol';
import type { PricedProbePlan, ProbePlanRequest, ProbeRunRequest } from '../worker-client/probe-protocol';
import type { ProviderKeyStore } from './provider-keys';

/**
 * The most a plan's calls can cost at the model's price (catalog or override): every input token plus every output
 * token allowed, each call at its own size's price; null when the model has no price (or no book could be loaded).
 */
function maxCostOf(plan: ProbePlan, model: string | undefined, book: PriceBook | undefined): number | null {
  if (!book || !model) return null;
  let sum = 0;
  for (const call of plan.calls) {
    const price = book.pricesFor(model, { promptTokens: call.inputTokens });
    if (!price) return null;
    sum += (call.inputTokens * price.prices.input + call.maxOutputTokens * price.prices.output) / 1_000_000;
  }
  return sum;
}

/**
 * A probe plan of a pass of `result` (a run of `transcript`) with its most cost; or, refused as `nothing-to-probe` in
 * the engine's words, a pass that cannot be probed (no such pass, or one that compacted nothing): planning throws
 * only there.
 */
export function planProbeRun(transcript: Transcript, result: RunResult, request: ProbePlanRequest, counter: TokenCounter, book: PriceBook | undefined): WorkerReply<PricedProbePlan> {
  try {
    const plan = planProbes(transcript, result, request.pass, request.options, counter, request.askAgain);
    return { ok: true, value: { plan, maxCostUsd: maxCostOf(plan, request.model, book) } };
  } catch (error) {
    return { ok: false, error: engineError('nothing-to-probe', error instanceof Error ? error.message : String(error)) };
  }
}

/** Where a probe run reports as it goes: each step as it starts, each provider call once it ends. */
export interface ProbeListeners {
  onStep(step: ProbeStep): void;
  onCall?(call: LiveCallRecord, step: ProbeStep): void;
}

/** What to probe of a run: which pass, how, and an earlier report's questions to ask again. */
type ProbeQuestions = Pick<ProbeRunRequest, 'pass' | 'options' | 'askAgain'>;

/** The live model a probe run asks: its spec, its key (none for a keyless local server) and the prices of its calls. */
export interface ProbeModel {
  spec: ProviderSpec;
  apiKey: string | undefined;
  prices?: PriceBook | Promise<PriceBook>;
}

/**
 * Why a probe run stopped, as a refusal: the user's cancel (`cancelled`, "Probing was cancelled."), a provider's failure
 * with the provider's own code (`http-429`, `connection-refused`), or anything else — a reply the run could not read, a
 * pass with no checkable facts — as `probe-failed`. A reply is quoted in the message and a model may echo anything,
 * so the key is scrubbed.
 */
function probeFailure(error: unknown, signal: AbortSignal, apiKey: string | undefined): EngineError {
  if (signal.aborted) return engineError('cancelled', 'Probing was cancelled.');
  const message = scrubKey(error instanceof Error ? error.message : String(error), apiKey);
  return engineError(error instanceof ProviderCallError ? error.code : 'probe-failed', message);
}

/**
 * Probes a pass of `result` (a run of `transcript`) with a live model: the worker's road and the CLI's (`compact
 * --probe`). Answers the report, or refuses with why it stopped (see `probeFailure`), never with the key.
 */
export async function probePass(
  transcript: Transcript,
  result: RunResult,
  questions: ProbeQuestions,
  { spec, apiKey, prices }: ProbeModel,
  listeners: ProbeListeners,
  signal: AbortSignal,
): Promise<WorkerReply<ProbeReport>> {
  let step: ProbeStep = 'write';
  const onCall = listeners.onCall;
  const model = createLiveSummarizer({ spec, apiKey, prices, onCall: onCall && ((call) => onCall(call, step)) });
  try {
    const report = await runProbes({
      source: transcript,
      result,
      pass: questions.pass,
      options: questions.options,
      askAgain: questions.askAgain,
      model,
      signal,
      onStep: (next) => {
        step = next;
        listeners.onStep(next);
      },
    });
    return { ok: true, value: report };
  } catch (error) {
    return { ok: false, error: probeFailure(error, signal, apiKey) };
  }
}

/**
 * Runs probes on a pass of `result` (a run of `transcript`) with a live model and a key the worker holds. Refuses
 * without calling when the spec is invalid (`invalid-config`) or a hosted provider has no key (`missing-key`: the SDK
 * would otherwise read its own environment keys); then as {@link probePass}, each call priced from the catalog with the
 * request's overrides.
 */
export async function runProbeRun(
  transcript: Transcript,
  result: RunResult,
  request: ProbeRunRequest,
  keys: ProviderKeyStore,
  listeners: ProbeListeners,
  signal: AbortSignal,
): Promise<WorkerReply<ProbeReport>> {
  const parsed = providerSpecSchema.safeParse(request.provider);
  if (!parsed.success) {
    const message = parsed.error.issues.map((issue) => `${issue.path.join('.') || 'spec'}: ${issue.message}`).join('; ');
    return { ok: false, error: engineError('invalid-config', `Invalid probe model: ${message.slice(0, 300)}`) };
  }
  const spec = parsed.data;
  const apiKey = keys.get(spec.provider);
  if (spec.provider !== 'openai-compatible' && apiKey === undefined) {
    return { ok: false, error: engineError('missing-key', `No API key is set for ${spec.provider} (the probe model ${spec.model}); add one in the Summarizer settings.`) };
  }
  return probePass(transcript, result, request, { spec, apiKey, prices: loadPriceBook(request.prices) }, listeners, signal);
}
