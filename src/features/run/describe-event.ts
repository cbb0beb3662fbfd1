import type { CompactionEvent } from '../../engine/run/events';
import type { EngineError } from '../../engine/run/ports';
import { formatDuration, formatInteger } from '../../ui/format';

/** One line of the run log: what happened, in words, and how it should read. */
export interface LogLine {
  text: string;
  tone: 'info' | 'success' | 'warning' | 'error';
}

const tokens = (count: number) => `${formatInteger(count)} tokens`;

/** Ends a line with a full stop unless the text it ends with (often an error message) already has one. */
const sentence = (text: string) => (/[.!?]$/.test(text) ? text : `${text}.`);

/**
 * Why the seed's rule does not retry an error. The rule retries only errors whose text names a 5xx status, a closed,
 * reset, aborted or refused connection, a socket exception or a closed stream — so a rate limit is not retried.
 */
export function whyNotRetried(error: EngineError): string {
  if (error.code === 'cancelled') return 'cancelled by you';
  if (error.code === 'timeout') return 'the attempt budget ran out, so the next rung takes over';
  const rule = 'the seed retries only 5xx statuses, closed/reset/refused connections, socket exceptions and closed streams';
  if (/\b429\b/.test(error.message)) return `a rate limit (HTTP 429) is not transient under the seed's rule — ${rule}`;
  return `not transient under the seed's rule — ${rule}`;
}

/** The log line for one engine event, or undefined for events the log does not show on their own. */
export function describeEvent(event: CompactionEvent): LogLine | undefined {
  switch (event.type) {
    case 'run-start':
      return { text: `Run started: ${event.profile}, ${formatInteger(event.messageCount)} messages, ${tokens(event.tokensBefore)}.`, tone: 'info' };
    case 'gate':
      return event.shouldCompact
        ? { text: `Compacting: ${tokens(event.tokens)} against a threshold of ${formatInteger(event.threshold)} (${event.reason}).`, tone: 'info' }
        : { text: `No compaction needed: ${tokens(event.tokens)} against a threshold of ${formatInteger(event.threshold)} (${event.reason}).`, tone: 'info' };
    case 'pass-start':
      return { text: `Pass ${event.pass} started at ${tokens(event.tokensBefore)}.`, tone: 'info' };
    case 'attempt-start': {
      const who = event.role === 'local' ? 'local' : `${event.role}${event.model ? ` (${event.model})` : ''}`;
      const budget = event.budgetMs !== undefined ? `, budget ${formatDuration(event.budgetMs)}` : '';
      return { text: `Pass ${event.pass}, attempt ${event.attempt}: ${who}${budget}.`, tone: 'info' };
    }
    case 'attempt-end':
      if (event.ok) return { text: `Attempt ${event.attempt} answered in ${formatDuration(event.durationMs)}.`, tone: 'success' };
      return {
        text: `Attempt ${event.attempt} failed after ${formatDuration(event.durationMs)}: ${event.error?.message ?? 'unknown error'}${
          event.error && !event.error.isRetryable ? ` — not retried: ${whyNotRetried(event.error)}.` : ' — transient.'
        }`,
        tone: 'warning',
      };
    case 'attempt-retry':
      return { text: `Retrying in ${formatDuration(event.delayMs)} (attempt ${event.attempt + 1} next).`, tone: 'warning' };
    case 'fallback':
      return { text: sentence(`Falling back from ${event.from} to ${event.to}: ${event.reason}`), tone: 'warning' };
    case 'pass-end': {
      const { snapshot } = event;
      const via = snapshot.fallback && snapshot.fallback !== snapshot.strategy ? ` via ${snapshot.fallback}` : '';
      const outcome = snapshot.ok ? '' : ` — failed: ${snapshot.error?.message ?? 'unknown error'}`;
      const flags = snapshot.flags.length > 0 ? ` [${snapshot.flags.join(', ')}]` : '';
      const dropped = snapshot.droppedMessages ? `, ${snapshot.droppedMessages} older messages dropped behind a trim marker` : '';
      return {
        text: sentence(`Pass ${snapshot.pass} ended: ${formatInteger(snapshot.tokensBefore)} → ${tokens(snapshot.tokensAfter)} by ${snapshot.strategy}${via}${dropped}${flags}${outcome}`),
        tone: snapshot.ok ? 'success' : 'error',
      };
    }
    case 'run-end': {
      const { result } = event;
      if (result.cancelled) return { text: 'Run cancelled.', tone: 'warning' };
      const summary = `${formatInteger(result.tokensBefore)} → ${tokens(result.tokensAfter)} in ${result.passes.length} ${result.passes.length === 1 ? 'pass' : 'passes'}, ${result.summarizerCalls} summarizer ${result.summarizerCalls === 1 ? 'call' : 'calls'}`;
      return result.success ? { text: `Run finished: ${summary}.`, tone: 'success' } : { text: `Run failed: ${summary}; ${result.error?.message ?? ''}`, tone: 'error' };
    }
    case 'run-error':
      return { text: `Run failed: ${event.error.message}`, tone: 'error' };
  }
}
