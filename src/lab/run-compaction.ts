import { configuredProfile, describeSettingsProblems, impossibleSettings, parseLabConfig } from '../engine/headless';
import {
  reportedProfile, engineError, failedRunResult, runProfile, type CallbackRunner, type CompactionEvent,
  type EngineError, type EnginePorts, type RunResult, type TokenCache,
} from '../engine';
import type { Transcript } from '../engine/transcript';
import { createOfflineSummarizer } from '../providers/offline/offline-summarizer';
import type { CompactRequest } from '../worker-client/protocol';
import { createJavaScriptCallbackRunner } from './javascript-callback-runner';
import { realClock } from '../tokenizer/real-clock';
import { loadTokenCounter } from '../tokenizer/token-counter';

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
  return failedRunResult({ profile: reportedProfile(request.config), messages: transcript.messages, error });
}

/**
 * Validates the config and runs its profile on a transcript with the real ports: exact counter, wall clock, the
 * given summarizers (the offline one when none are given), and the callback runner gated by the user's consent.
 * Settings that cannot work as set are refused before any work unless `request.runAnyway`; the run then says so with a
 * `settings-forced` event and `forcedSettings`. Every state is counted exactly in `request.encoding` (o200k_base by
 * default) beside the profile's own estimate. Never throws: failures are results.
 */
export async function runCompaction(
  transcript: Transcript,
  request: Omit<CompactRequest, 'transcriptKey'>,
  onEvent: (event: CompactionEvent) => void,
  options: RunOptions = {},
): Promise<RunResult> {
  const { signal, choice } = options;
  const parsed = parseLabConfig(request.config);
  if ('issues' in parsed) {
    // A shared config is untrusted text: list at most ten issues, each cut short, so no error echoes a huge payload.
    const listed = parsed.issues.slice(0, 10).map((issue) => `${issue.path.slice(0, 80)}: ${issue.message.slice(0, 120)}`);
    const more = parsed.issues.length > 10 ? `; …and ${parsed.issues.length - 10} more` : '';
    const message = listed.join('; ') + more;
    const error = engineError('invalid-config', `Invalid config: ${message}`);
    onEvent({ type: 'run-error', error });
    return refusedResult(transcript, request, error);
  }
  const problems = impossibleSettings(parsed.config);
  if (problems.length > 0 && request.runAnyway !== true) {
    const error = engineError('impossible-settings', `These settings cannot work as set, so nothing ran: ${describeSettingsProblems(problems)}`);
    onEvent({ type: 'run-error', error });
    return refusedResult(transcript, request, error);
  }
  if (problems.length > 0) onEvent({ type: 'settings-forced', problems });
  const { profile, parameters } = configuredProfile(parsed.config);
  // Only rolling-summary names an encoding; the other profiles count in o200k_base.
  const encoding = 'encoding' in parameters ? parameters.encoding : 'o200k_base';
  const counter = await loadTokenCounter(encoding);
  // The offline summarizer measures its budget (the config's `offlineSummary`) with the run's own exact counter.
  const offline = createOfflineSummarizer({ ...parsed.config.offlineSummary, counter });
  const input = {
    messages: transcript.messages,
    system: transcript.system,
    config: parameters,
    ports: {
      counter,
      clock: realClock,
      summarizers: choice?.summarizers ?? { main: offline, smol: offline },
      signal,
      callbacks: options.callbacks ?? createJavaScriptCallbackRunner(),
      hasUserConsent: request.allowCallbacks === true,
    },
    onEvent,
  };
  const measure = { counter: await loadTokenCounter(request.encoding ?? 'o200k_base'), cache: options.cache };
  const result = await runProfile(profile, input, measure);
  return problems.length > 0 ? { ...result, forcedSettings: problems } : result;
}
