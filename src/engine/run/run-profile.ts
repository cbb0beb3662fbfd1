import { countMessageTokens } from '../tokens/accounting';
import { cancelledError, type EngineError } from './errors';
import type { CompactionEvent, RunResult } from './events';
import { failedRunResult } from './failed-run';
import { createRunMeasurer, type RunMeasure } from './measure-run';
import type { Profile, ProfileRunInput } from './profile';

/**
 * Runs a profile so that nothing escapes as an exception: whatever the profile throws becomes a `run-error` event and
 * a failed RunResult with an `internal` EngineError. A run whose `ports.signal` is already aborted is reported as
 * cancelled (with a `run-end` event) without calling the profile at all. Every state is also counted exactly with
 * `measure` (the run's own counter when absent): events and the result carry those counts beside the profile's own
 * estimates, and passes that changed nothing are flagged `no-op`.
 */
export async function runProfile<Config>(profile: Profile<Config>, input: ProfileRunInput<Config>, measure: RunMeasure = { counter: input.ports.counter }): Promise<RunResult> {
  const measurer = createRunMeasurer(input, measure);
  const sink = measurer.wrap(input.onEvent);
  const emit = (event: CompactionEvent): void => {
    try {
      sink(event);
    } catch {
      // A broken event sink must not turn a reported failure back into a thrown one.
    }
  };
  if (input.ports.signal?.aborted) {
    const result = failedResult(profile.id, input, cancelledError('before-start'));
    emit({ type: 'run-end', result });
    return measurer.measureResult(result);
  }
  try {
    return measurer.measureResult(await profile.run({ ...input, onEvent: sink }));
  } catch (thrown) {
    const reason = thrown instanceof Error ? thrown.message : String(thrown);
    const error: EngineError = { code: 'internal', message: `The ${profile.id} profile failed unexpectedly: ${reason}`, isRetryable: false };
    emit({ type: 'run-error', error });
    return measurer.measureResult(failedResult(profile.id, input, error));
  }
}

function failedResult<Config>(profileId: string, input: ProfileRunInput<Config>, error: EngineError): RunResult {
  return failedRunResult({ profile: profileId, messages: input.messages, error, tokens: contextTokens(input), carryState: input.carryState });
}

/** The input's tokens for the report; 0 when the counter is missing or is what broke. */
function contextTokens<Config>(input: ProfileRunInput<Config>): number {
  const { counter } = input.ports;
  if (!counter) return 0;
  try {
    const messages = input.system ? [input.system, ...input.messages] : input.messages;
    return messages.reduce((sum, message) => sum + countMessageTokens(message, counter), 0);
  } catch {
    return 0;
  }
}
