import type { EventSink } from '../../run/events';
import type { Clock, Summarizer } from '../../run/ports';
import { raceAbort } from '../../run/race-abort';
import { cancelledError } from '../../run/errors';
import { toEngineError } from './rolling-summary-errors';
import type { SummarizeText } from './summarise-turns';

/** Where a call happens and who hears about it. */
export interface PortSummarizerContext {
  summarizer: Summarizer;
  clock: Clock;
  signal: AbortSignal;
  onEvent: EventSink;
  pass: number;
  model?: string;
}

/** The seed's `SummarizeFn` over the summarizer port, counting the calls it makes. */
export interface CountedSummarize {
  summarize: SummarizeText;
  callCount(): number;
}

/**
 * Adapts the summarizer port to the seed's `SummarizeFn`: role `single` (the seed has one summarizer and one attempt),
 * the request text as the prompt, the run's abort signal, and an `attempt-start`/`attempt-end` pair per call. Failures
 * are rethrown as EngineErrors — a user abort as `cancelled` — for `summariseTurns` to return. Upstream has no abort;
 * racing the call against the run's signal is ours (a written-down difference).
 */
export function portSummarizer(context: PortSummarizerContext): CountedSummarize {
  const { summarizer, clock, signal, onEvent, pass, model } = context;
  let calls = 0;
  const summarize: SummarizeText = async ({ system, text }) => {
    calls += 1;
    const attempt = calls;
    onEvent({ type: 'attempt-start', pass, attempt, role: 'single', model });
    const startedAt = clock.now();
    try {
      const result = await raceAbort(summarizer.summarize({ role: 'single', system, prompt: text, signal }), signal, cancelledError());
      onEvent({ type: 'attempt-end', pass, attempt, ok: true, durationMs: clock.now() - startedAt });
      return result.text;
    } catch (thrown) {
      const error = signal.aborted ? cancelledError() : toEngineError(thrown);
      onEvent({ type: 'attempt-end', pass, attempt, ok: false, durationMs: clock.now() - startedAt, error });
      throw error;
    }
  };
  return { summarize, callCount: () => calls };
}
