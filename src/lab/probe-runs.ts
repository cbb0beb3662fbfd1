import { planProbes, runProbes, type ProbePlan, type ProbeStep, type RunResult, type TokenCounter } from '../engine';
import type { Transcript } from '../engine/transcript';
import { createLiveSummarizer, type LiveCallRecord } from '../providers/live/live-summarizer';
import { priceOf, type PriceTable } from '../providers/live/pricing';
import { scrubKey } from '../providers/live/provider-error';
import { providerSpecSchema } from '../providers/live/provider-spec';
import type { ProbePlanRequest, ProbePlanResult, ProbeRunRequest, ProbeRunResult } from '../worker-client/protocol';
import type { ProviderKeyStore } from './provider-keys';

/** The most a plan's calls can cost with the model's list price: every input token plus every output token allowed. */
function maxCostOf(plan: ProbePlan, model: string | undefined, prices?: PriceTable): number | null {
  const price = model ? priceOf(model, prices) : undefined;
  if (!price) return null;
  return plan.calls.reduce((sum, call) => sum + (call.inputTokens * price.inputPerMillion + call.maxOutputTokens * price.outputPerMillion) / 1_000_000, 0);
}

/** A probe plan of a pass of `result` (a run of `transcript`), or why that pass cannot be probed. */
export function planProbeRun(transcript: Transcript, result: RunResult, request: ProbePlanRequest, counter: TokenCounter): ProbePlanResult {
  try {
    const plan = planProbes(transcript, result, request.pass, request.options, counter, request.askAgain);
    return { ok: true, plan, maxCostUsd: maxCostOf(plan, request.model, request.prices) };
  } catch (error) {
    return { ok: false, message: error instanceof Error ? error.message : String(error) };
  }
}

/** Where a probe run reports as it goes: each step as it starts, each provider call once it ends. */
export interface ProbeListeners {
  onStep(step: ProbeStep): void;
  onCall?(call: LiveCallRecord, step: ProbeStep): void;
}

/**
 * Runs probes on a pass of `result` (a run of `transcript`) with a live model and a key the worker holds. Refuses without calling
 * when the spec is invalid or a hosted provider has no key (the SDK would otherwise read its own environment keys).
 * Failures come back as plain messages with the key scrubbed.
 */
export async function runProbeRun(
  transcript: Transcript,
  result: RunResult,
  request: ProbeRunRequest,
  keys: ProviderKeyStore,
  listeners: ProbeListeners,
  signal: AbortSignal,
): Promise<ProbeRunResult> {
  const parsed = providerSpecSchema.safeParse(request.provider);
  if (!parsed.success) {
    const message = parsed.error.issues.map((issue) => `${issue.path.join('.') || 'spec'}: ${issue.message}`).join('; ');
    return { ok: false, cancelled: false, message: `Invalid probe model: ${message.slice(0, 300)}` };
  }
  const spec = parsed.data;
  const apiKey = keys.get(spec.provider);
  if (spec.provider !== 'openai-compatible' && apiKey === undefined) {
    return { ok: false, cancelled: false, message: `No API key is set for ${spec.provider} (the probe model ${spec.model}); add one in the Summarizer settings.` };
  }
  let step: ProbeStep = 'write';
  const onCall = listeners.onCall;
  const model = createLiveSummarizer({ spec, apiKey, prices: request.prices, onCall: onCall && ((call) => onCall(call, step)) });
  try {
    const report = await runProbes({
      source: transcript,
      result,
      pass: request.pass,
      options: request.options,
      askAgain: request.askAgain,
      model,
      signal,
      onStep: (next) => {
        step = next;
        listeners.onStep(next);
      },
    });
    return { ok: true, report };
  } catch (error) {
    const message = scrubKey(error instanceof Error ? error.message : String(error), apiKey);
    return { ok: false, cancelled: signal.aborted, message: signal.aborted ? 'Probing was cancelled.' : message };
  }
}
