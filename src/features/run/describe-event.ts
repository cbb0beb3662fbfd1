import type { CompactionEvent, EngineError, PassSnapshot } from '../../engine';
import { countOf } from '../../ui/count-of';
import { formatDuration, formatInteger } from '../../ui/format';
import { glossary, strategyWords } from '../../ui/glossary-terms';
import { errorInWords } from './error-words';

/** One line of the run log: what happened, in words, and how it should read. */
export interface LogLine {
  text: string;
  tone: 'info' | 'success' | 'warning' | 'error';
  /** The technical text behind a failure said in words (the error as raised, its code), for a disclosure. */
  detail?: string;
}

/**
 * How the log states token figures: `context` turns an exact content count into context tokens on the page's basis
 * (the same figure the header and timeline show). Without one, exact counts are given as they are.
 */
export interface LogBasis {
  context(exactTokens: number): string;
  /** What the figures are: "context tokens", or how they differ from the page's basis. */
  unit: string;
}

/** Exact counts as they are, when no page basis applies (tests, or a run counted in another encoding). */
const exactLogBasis: LogBasis = { context: formatInteger, unit: 'exact tokens' };

/** The state's context figure, or the profile's estimate said as one when the event carries no exact count. */
function stateTokens(basis: LogBasis, exactTokens: number | undefined, estimate: number): string {
  return exactTokens === undefined ? `${formatInteger(estimate)} tokens (the profile's estimate)` : `${basis.context(exactTokens)} ${basis.unit}`;
}

const calls = (count: number) => countOf(count, 'summarizer call');

/** An error's line in words, with its technical text as the detail when the words differ from it. */
function failure(error: Pick<EngineError, 'message'> & Partial<Pick<EngineError, 'code'>> | undefined): { line: string; detail?: string } {
  if (!error) return { line: 'unknown error' };
  const words = errorInWords(error.message, error.code);
  return words.line === error.message ? { line: words.line } : words;
}

/** Flags as the log says them: a pass that replaced nothing in words (the glossary's "changed nothing"), the rest by name. */
function flagWords(flags: readonly string[]): string {
  return flags.length === 0 ? '' : ` [${flags.map((flag) => (flag === 'no-op' ? glossary['no-op'].plain : flag)).join(', ')}]`;
}

/** The summarizer roles and rung labels (`smol=gpt-4o-mini`) in the page's words: the cheap model, the main model. */
const roleWords: Record<string, string> = { smol: glossary['cheap-model'].plain, main: 'main model', single: 'summarizer' };
function rungWords(label: string): string {
  if (label === 'llm-summary') return glossary.summary.plain;
  return label.replace(/^(smol|main)=/, (_, role: string) => `${roleWords[role]} `);
}

/** Ends a line with a full stop unless the text it ends with (often an error message) already has one. */
const sentence = (text: string) => (/[.!?]$/.test(text) ? text : `${text}.`);

/**
 * Why the seed's rule does not retry an error. The rule retries only errors whose text names a 5xx status, a closed,
 * reset, aborted or refused connection, a socket exception or a closed stream — so a rate limit is not retried.
 */
export function whyNotRetried(error: EngineError): string {
  if (error.code === 'cancelled') return 'cancelled by you';
  if (error.code === 'timeout') return 'the attempt budget ran out, so the next rung takes over';
  const rule = 'the upstream code retries only 5xx statuses, closed/reset/refused connections, socket exceptions and closed streams';
  if (/\b429\b/.test(error.message)) return `a rate limit (HTTP 429) is not transient under the upstream rule — ${rule}`;
  return `not transient under the upstream rule — ${rule}`;
}

/**
 * The log line for one engine event, or undefined for events the log does not show on their own. Token figures are
 * context tokens on `basis`; what the profile's gate saw (its own estimate) is said apart.
 */
export function describeEvent(event: CompactionEvent, basis: LogBasis = exactLogBasis): LogLine | undefined {
  switch (event.type) {
    case 'run-start':
      return { text: `Run started: ${event.profile} on ${stateTokens(basis, event.exactTokens, event.tokensBefore)}, ${formatInteger(event.messageCount)} messages (its own estimate ${formatInteger(event.tokensBefore)}).`, tone: 'info' };
    case 'gate': {
      const held = event.exactTokens === undefined ? '' : `; the context holds ${basis.context(event.exactTokens)}`;
      const verdict = event.shouldCompact ? 'Compacting' : 'No compaction needed';
      return { text: `${verdict}: the profile's own estimate is ${formatInteger(event.tokens)} against its threshold of ${formatInteger(event.threshold)} (${event.reason})${held}.`, tone: 'info' };
    }
    case 'settings-forced':
      return { text: `Run anyway, although these settings cannot work as set: ${event.problems.map((problem) => problem.message).join(' ')}`, tone: 'warning' };
    case 'pass-start':
      return { text: `Pass ${event.pass} started at ${stateTokens(basis, event.exactTokensBefore, event.tokensBefore)}.`, tone: 'info' };
    case 'attempt-start': {
      const who = event.role === 'local' ? 'local' : `${roleWords[event.role] ?? event.role}${event.model ? ` (${event.model})` : ''}`;
      const budget = event.budgetMs !== undefined ? `, budget ${formatDuration(event.budgetMs)}` : '';
      return { text: `Pass ${event.pass}, attempt ${event.attempt}: ${who}${budget}.`, tone: 'info' };
    }
    case 'attempt-end': {
      if (event.ok) return { text: `Attempt ${event.attempt} answered in ${formatDuration(event.durationMs)}.`, tone: 'success' };
      const { line, detail } = failure(event.error);
      return {
        text: `Attempt ${event.attempt} failed after ${formatDuration(event.durationMs)}: ${line}${
          event.error && !event.error.isRetryable ? ` — not retried: ${whyNotRetried(event.error)}.` : ' — transient.'
        }`,
        tone: 'warning',
        detail,
      };
    }
    case 'attempt-retry':
      return { text: `Retrying in ${formatDuration(event.delayMs)} (attempt ${event.attempt + 1} next).`, tone: 'warning' };
    case 'fallback': {
      const { line, detail } = failure({ message: event.reason });
      return { text: sentence(`Falling back from ${rungWords(event.from)} to ${rungWords(event.to)}: ${line}`), tone: 'warning', detail };
    }
    case 'pass-end':
      return passEndLine(event.snapshot, basis, false);
    case 'run-end': {
      const { result } = event;
      if (result.cancelled) return { text: 'Run cancelled.', tone: 'warning' };
      const figures = result.exact
        ? `${basis.context(result.exact.before)} → ${basis.context(result.exact.after)} ${basis.unit}`
        : `${formatInteger(result.tokensBefore)} → ${formatInteger(result.tokensAfter)} tokens (the profile's estimate)`;
      const summary = `${figures} in ${countOf(result.passes.length, 'pass', 'passes')}, ${calls(result.summarizerCalls)}`;
      if (result.success) return { text: `Run finished: ${summary}.`, tone: 'success' };
      const { line, detail } = failure(result.error);
      return { text: `Run failed: ${summary}; ${line}`, tone: 'error', detail };
    }
    case 'run-error': {
      const { line, detail } = failure(event.error);
      return { text: `Run failed: ${line}`, tone: 'error', detail };
    }
  }
}

/**
 * A pass's end. `trimTried`: the log already said the pass falls back to local-trim; when the trim then found nothing
 * to drop, the pass keeps the summarizer's strategy and failure, so the line says the trim found nothing rather than
 * naming a strategy that the previous line said was left behind.
 */
function passEndLine(snapshot: PassSnapshot, basis: LogBasis, trimTried: boolean, author?: string): LogLine {
  const via = snapshot.fallback && snapshot.fallback !== snapshot.strategy ? ` via ${roleWords[snapshot.fallback] ?? snapshot.fallback}` : '';
  const failed = snapshot.ok ? undefined : failure(snapshot.error);
  const dropped = snapshot.droppedMessages ? `, ${countOf(snapshot.droppedMessages, 'older message')} dropped behind a trim marker` : '';
  const figures = snapshot.exact
    ? `${basis.context(snapshot.exact.before)} → ${basis.context(snapshot.exact.after)} ${basis.unit} (the profile's own estimate ${formatInteger(snapshot.tokensBefore)} → ${formatInteger(snapshot.tokensAfter)})`
    : `${formatInteger(snapshot.tokensBefore)} → ${formatInteger(snapshot.tokensAfter)} tokens (the profile's estimate)`;
  if (failed && trimTried && snapshot.strategy !== 'local-trim') {
    return { text: sentence(`Pass ${snapshot.pass} ended: ${figures} — failed: local-trim found nothing it could drop, after the summarizer failed: ${failed.line}`), tone: 'error', detail: failed.detail };
  }
  return {
    text: sentence(`Pass ${snapshot.pass} ended: ${figures} by ${strategyWords(snapshot.strategy, author)}${via}${dropped}${flagWords(snapshot.flags)}${failed ? ` — failed: ${failed.line}` : ''}`),
    tone: snapshot.ok ? 'success' : 'error',
    detail: failed?.detail,
  };
}

/**
 * The log of a whole run, in order: each event's line, with what an earlier line said kept in mind, so the log never
 * contradicts itself (a pass announced to fall back to local-trim does not end "by summary"). `authors` names who wrote
 * each pass's summary (`summaryAuthors`).
 */
export function describeEvents(events: readonly CompactionEvent[], basis: LogBasis = exactLogBasis, authors: ReadonlyMap<number, string> = new Map()): LogLine[] {
  const trimAnnounced = new Set<number>();
  const lines: LogLine[] = [];
  for (const event of events) {
    if (event.type === 'fallback' && event.to === 'local-trim') trimAnnounced.add(event.pass);
    const line = event.type === 'pass-end' ? passEndLine(event.snapshot, basis, trimAnnounced.has(event.snapshot.pass), authors.get(event.snapshot.pass)) : describeEvent(event, basis);
    if (line) lines.push(line);
  }
  return lines;
}
