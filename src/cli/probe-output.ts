import { perKindLimits, probeKinds, type ProbeOptions, type ProbeReport, type RunResult, usdText } from '../engine';
import type { Transcript } from '../engine/transcript';
import type { LiveCallRecord } from '../providers/live/live-summarizer';
import { UsageError, type CommandLine } from './arguments';
import { readProviderKey, type ProviderSetup } from './provider-arguments';
import { quoted } from './terminal-text';
import { readWholeNumber } from './whole-number';

/**
 * What `compact --probe` adds to the JSON: the report of the last pass, or why probing stopped; its calls and their
 * summed cost either way (`costUsd` null when any call's cost is unknown).
 */
export type ProbeOutput = (ProbeReport | { error: string }) & { providerCalls: LiveCallRecord[]; costUsd: number | null };

/**
 * `--probe [model|facts]` and `--probe-per-kind N`: undefined when probing was not asked for. Probing needs a live
 * main model (`--main`, or `providers.main` in the config), since its answers must come from a model.
 */
export function readProbeOptions(line: CommandLine, setup: ProviderSetup | undefined): ProbeOptions | undefined {
  const probe = line.options.get('probe');
  if (probe === undefined) {
    if (line.options.has('probe-per-kind')) throw new UsageError('--probe-per-kind needs --probe');
    return undefined;
  }
  const questions = probe === true ? 'model' : probe;
  if (questions !== 'model' && questions !== 'facts') throw new UsageError(`--probe takes model or facts, not ${quoted(questions, 40)}`);
  if (!setup) throw new UsageError('--probe asks a live model: name one with --main PROVIDER:MODEL[@BASE_URL]');
  const perKindText = line.options.get('probe-per-kind');
  const perKind = perKindText === undefined ? 2 : (readWholeNumber(perKindText).number ?? Number.NaN);
  if (!Number.isInteger(perKind) || perKind < perKindLimits.min || perKind > perKindLimits.max) {
    throw new UsageError(`--probe-per-kind takes a whole number from ${perKindLimits.min} to ${perKindLimits.max}`);
  }
  return { questions, perKind };
}

/**
 * Probes the run's last pass with the main model, on the worker's road (`probePass`); a refusal (a reply the run could
 * not read, a provider's failure) is reported in the output in its words, key scrubbed, not thrown: the run itself
 * succeeded.
 */
export async function probeLastPass(transcript: Transcript, result: RunResult, options: ProbeOptions, setup: ProviderSetup, environment: NodeJS.ProcessEnv): Promise<ProbeOutput> {
  const calls: LiveCallRecord[] = [];
  const costOfCalls = (): number | null => calls.reduce<number | null>((sum, call) => (sum === null || call.costUsd === null ? null : sum + call.costUsd), 0);
  const last = result.passes.at(-1);
  if (!last) return { error: 'The run made no pass, so nothing was compacted to probe.', providerCalls: calls, costUsd: 0 };
  const model = { spec: setup.main, apiKey: readProviderKey(setup.main, environment) };
  const listeners = { onStep: () => undefined, onCall: (call: LiveCallRecord) => calls.push({ ...call, durationMs: Math.round(call.durationMs) }) };
  // The probes' code brings the AI SDK: it loads only when probes are asked for.
  const { probePass } = await import('../lab/probe-runs');
  const answer = await probePass(transcript, result, { pass: last.pass, options }, model, listeners, new AbortController().signal);
  return { ...(answer.ok ? answer.value : { error: answer.error.message }), providerCalls: calls, costUsd: costOfCalls() };
}

/** The probe lines of the human-readable table. */
export function probeLines(probes: ProbeOutput | undefined): string[] {
  if (!probes) return [];
  const cost = probes.costUsd === null ? 'cost unknown' : usdText(probes.costUsd);
  if ('error' in probes) return [`probes: failed after ${probes.providerCalls.length} calls (${cost}): ${probes.error}`];
  const kinds = probeKinds.flatMap((kind) => {
    const score = probes.byKind[kind];
    return score ? [`${kind} ${(score.score * 100).toFixed(1)}% (${score.count})`] : [];
  });
  return [`probes of pass ${probes.pass} (${probes.options.questions} questions, ${probes.calls} calls, ${cost}): ${(probes.overall * 100).toFixed(1)}% — ${kinds.join(' · ')}`];
}
