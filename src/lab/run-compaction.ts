import { configuredProfile } from '../engine/headless';
import { namedProfile } from '../engine/config';
import {
  failedRunResult, runProfile, type CallbackRunner, type CompactionEvent, type EngineError, type EnginePorts, type LabConfig, type RunResult,
  type SettingsProblem, type TokenCache, type TokenCounter,
} from '../engine';
import type { Transcript } from '../engine/transcript';
import { createOfflineSummarizer } from '../providers/offline/offline-summarizer';
import type { CompactRequest } from '../worker-client/run-protocol';
import { createJavaScriptCallbackRunner } from '../ports/javascript-callback-runner';
import { preflightConfig, refusalError } from './preflight';
import { realClock } from '../ports/clock';
import { loadTokenCounter } from '../ports/tokenizer/token-counter';

/** Summarizers to run instead of the offline one (live providers); each carries its own identity. */
export interface SummarizerChoice {
  summarizers: EnginePorts['summarizers'];
}

/** How a run is carried out beyond its request: the user's abort, live summarizers, and the shared token cache. */
export interface RunOptions {
  signal?: AbortSignal;
  /** Live summarizers; the offline one when absent. */
  choice?: SummarizerChoice;
  /** The worker's token cache, so measuring the states re-counts nothing the page already counted. */
  cache?: TokenCache;
  /** The callback runner (the CLI's stops a callback that never yields); the plain JavaScript runner when absent. */
  callbacks?: CallbackRunner;
}

/** The report of a run refused before any profile ran: the profile the document names, nothing measured. */
function refusedResult(transcript: Transcript, request: Omit<CompactRequest, 'transcriptKey'>, error: EngineError): RunResult {
  return failedRunResult({ profile: namedProfile(request.config), messages: transcript.messages, error });
}

/** A config checked and its run's world built: the profile, its parameters, the ports and the exact measure. */
export interface PreparedRun {
  configured: ReturnType<typeof configuredProfile>;
  config: LabConfig;
  ports: EnginePorts;
  measure: { counter: TokenCounter; cache?: TokenCache };
  /** Settings that cannot work as set, which the request chose to run anyway (empty otherwise). */
  forced: SettingsProblem[];
}

/** What a run or a replay is asked, beyond the transcript: the config and how to count, summarize and consent. */
export type RunRequest = Pick<CompactRequest, 'config' | 'allowCallbacks' | 'encoding' | 'runAnyway'>;

/**
 * Checks a config document with the one pre-flight (`preflightConfig`: schema, prompt overrides, settings that cannot
 * work unless `runAnyway`), refused in words, and builds everything a run of it needs: the real ports — exact counter
 * in the profile's encoding, wall clock, the given summarizers or the offline one, the callback runner gated by the
 * user's consent — and the exact measure in the request's encoding.
 */
export async function prepareRun(request: RunRequest, options: RunOptions): Promise<PreparedRun | { error: EngineError }> {
  const checked = preflightConfig(request.config, { runAnyway: request.runAnyway });
  if ('refusal' in checked) return { error: refusalError(checked.refusal) };
  const configured = configuredProfile(checked.config);
  const { parameters } = configured;
  // Only rolling-summary names an encoding; the other profiles count in o200k_base.
  const encoding = 'encoding' in parameters ? parameters.encoding : 'o200k_base';
  const counter = await loadTokenCounter(encoding);
  // The offline summarizer measures its budget (the config's `offlineSummary`) with the run's own exact counter.
  const offline = createOfflineSummarizer({ ...checked.config.offlineSummary, counter });
  const ports: EnginePorts = {
    counter,
    clock: realClock,
    summarizers: options.choice?.summarizers ?? { main: offline, smol: offline },
    signal: options.signal,
    callbacks: options.callbacks ?? createJavaScriptCallbackRunner(),
    hasUserConsent: request.allowCallbacks === true,
  };
  const measure = { counter: await loadTokenCounter(request.encoding ?? 'o200k_base'), cache: options.cache };
  return { configured, config: checked.config, ports, measure, forced: checked.forced };
}

/**
 * Validates the config and runs its profile on a transcript with the real ports (`prepareRun`). Settings that cannot
 * work as set are refused before any work unless `request.runAnyway`; the run then says so with a `settings-forced`
 * event and `forcedSettings`. Every state is counted exactly in `request.encoding` (o200k_base by default) beside the
 * profile's own estimate. Never throws: failures are results.
 */
export async function runCompaction(
  transcript: Transcript,
  request: Omit<CompactRequest, 'transcriptKey'>,
  onEvent: (event: CompactionEvent) => void,
  options: RunOptions = {},
): Promise<RunResult> {
  const prepared = await prepareRun(request, options);
  if ('error' in prepared) {
    onEvent({ type: 'run-error', error: prepared.error });
    return refusedResult(transcript, request, prepared.error);
  }
  const { configured, ports, measure, forced } = prepared;
  if (forced.length > 0) onEvent({ type: 'settings-forced', problems: forced });
  const input = { messages: transcript.messages, system: transcript.system, config: configured.parameters, ports, onEvent };
  const result = await runProfile(configured.profile, input, measure);
  return forced.length > 0 ? { ...result, forcedSettings: forced } : result;
}
