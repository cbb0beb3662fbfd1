import type { CompactionMarker, LoggedUsage, Message, MessageStop, UnlistedCall, Usage } from '../../transcript/model';
import type { ImportIssue } from '../import-report';
import { asArray, asRecord, asString } from '../shared';
import { MAX_CALL_TOKENS, MAX_TOTAL_TOKENS, TokenFigures } from '../usage';
import { inspectStops, readStop } from '../stop-reason';

/**
 * One Inspect ModelUsage as canonical usage. Providers split input differently (OpenAI's input_tokens
 * include the cached part, Anthropic's do not), but Inspect's total_tokens always counts everything, so the
 * context is total − output when total is logged, else input + cache read + cache write. Implausible figures are
 * left out (`figures` collects them; `limit` is higher for totals over a whole sample), and so is a context that
 * would be built from one of them or come out negative.
 */
function readInspectUsage(value: unknown, figures = new TokenFigures(), limit = MAX_CALL_TOKENS): Usage | undefined {
  const usage = asRecord(value);
  if (!usage) return undefined;
  const refusedBefore = figures.refusedCount;
  const inputTokens = figures.read(usage, 'input_tokens', limit);
  const outputTokens = figures.read(usage, 'output_tokens', limit);
  const totalTokens = figures.read(usage, 'total_tokens', limit);
  const cacheReadTokens = figures.read(usage, 'input_tokens_cache_read', limit);
  const cacheWriteTokens = figures.read(usage, 'input_tokens_cache_write', limit);
  const isWhole = figures.refusedCount === refusedBefore;
  const reasoningTokens = figures.read(usage, 'reasoning_tokens', limit);
  if (inputTokens === undefined && outputTokens === undefined && totalTokens === undefined) return undefined;
  const contextTokens =
    totalTokens !== undefined && outputTokens !== undefined
      ? totalTokens - outputTokens
      : (inputTokens ?? 0) + (cacheReadTokens ?? 0) + (cacheWriteTokens ?? 0);
  return {
    inputTokens,
    outputTokens,
    totalTokens,
    cacheReadTokens,
    cacheWriteTokens,
    reasoningTokens,
    contextTokens: isWhole && contextTokens >= 0 ? contextTokens : undefined,
  };
}

function outputChoice(event: Record<string, unknown>): Record<string, unknown> | undefined {
  return asRecord(asArray(asRecord(event.output)?.choices)?.[0]);
}

function outputMessageId(event: Record<string, unknown>): string | undefined {
  return asString(asRecord(outputChoice(event)?.message)?.id);
}

/** What a `model` event says about the API call that produced a message. */
export interface InspectCall {
  usage?: Usage;
  /** The output choice's `stop_reason`. */
  stop?: MessageStop;
}

/**
 * Usage and stop reason per produced message id, from the `model` events (one per API call). Implausible usage is
 * left out with a warning located under `path` (the events array).
 */
export function callsByMessageId(events: unknown[], path = 'events', warnings: ImportIssue[] = []): Map<string, InspectCall> {
  const byId = new Map<string, InspectCall>();
  for (const [index, value] of events.entries()) {
    const event = asRecord(value);
    if (event?.event !== 'model') continue;
    const id = outputMessageId(event);
    const figures = new TokenFigures();
    const usage = readInspectUsage(asRecord(event.output)?.usage, figures);
    warnings.push(...figures.issues({ path: `${path}[${index}].output.usage` }));
    const stop = readStop(outputChoice(event)?.stop_reason, inspectStops);
    if (id !== undefined && (usage || stop)) byId.set(id, { ...(usage ? { usage } : {}), ...(stop ? { stop } : {}) });
  }
  return byId;
}

/**
 * The model calls whose output is not among `messages`, each once: a call whose answer the sample's history no longer
 * holds (Inspect's own compaction rewrites it), a scorer's or a tool's model call, a call with no output message id.
 * They were billed, so the logged bill counts them. Their implausible figures were reported by `callsByMessageId`.
 */
export function unlistedInspectCalls(events: unknown[], messages: readonly Message[]): UnlistedCall[] {
  const listed = new Set(messages.map((message) => message.id));
  const calls: UnlistedCall[] = [];
  const counted = new Set<string>();
  for (const [index, value] of events.entries()) {
    const event = asRecord(value);
    if (event?.event !== 'model') continue;
    const id = outputMessageId(event);
    // One message id is one call (callsByMessageId keeps its last event); an event without an id is a call of its own.
    if (id !== undefined && (listed.has(id) || counted.has(id))) continue;
    const usage = readInspectUsage(asRecord(event.output)?.usage);
    if (!usage) continue;
    if (id !== undefined) counted.add(id);
    calls.push({ usage, model: asString(event.model), at: asString(event.timestamp), sourceRef: { index } });
  }
  return calls;
}

/**
 * `compaction` events as markers. Events do not point into `messages`, so a compaction is placed before the
 * message the next model call produced (the first call that saw the compacted context), else at the end.
 */
export function compactionMarkers(events: unknown[], messages: readonly Message[]): CompactionMarker[] {
  const indexById = new Map(messages.map((message, index) => [message.id, index]));
  const markers: CompactionMarker[] = [];
  const open: CompactionMarker[] = [];
  for (const value of events) {
    const event = asRecord(value);
    if (event?.event === 'compaction') {
      const marker: CompactionMarker = {
        atIndex: messages.length,
        kind: 'compaction',
        tokensBefore: new TokenFigures().read(event, 'tokens_before'),
        tokensAfter: new TokenFigures().read(event, 'tokens_after'),
      };
      markers.push(marker);
      open.push(marker);
    } else if (event?.event === 'model' && open.length > 0) {
      const index = indexById.get(outputMessageId(event) ?? '');
      if (index === undefined) continue;
      for (const marker of open) marker.atIndex = index;
      open.length = 0;
    }
  }
  return markers;
}

/**
 * The sample's `model_usage` (per model, summed over every call) as totals, and the last model call's
 * context as `lastContextTokens`. Implausible totals are left out (`figures` collects them for a warning).
 */
export function inspectLoggedUsage(modelUsage: unknown, messages: readonly Message[], figures = new TokenFigures()): LoggedUsage | undefined {
  const perModel = Object.values(asRecord(modelUsage) ?? {}).flatMap((value) => {
    const usage = readInspectUsage(value, figures, MAX_TOTAL_TOKENS);
    return usage ? [usage] : [];
  });
  const last = [...messages].reverse().find((message) => message.usage?.contextTokens !== undefined)?.usage;
  if (perModel.length === 0 && !last) return undefined;
  return {
    lastContextTokens: last?.contextTokens,
    totalInputTokens: perModel.length > 0 ? perModel.reduce((sum, usage) => sum + (usage.contextTokens ?? 0), 0) : undefined,
    totalOutputTokens: perModel.length > 0 ? perModel.reduce((sum, usage) => sum + (usage.outputTokens ?? 0), 0) : undefined,
    description:
      'last model event usage: total_tokens − output_tokens (the context of the last call); totals from sample model_usage summed over every call and model (input counted as total − output)',
  };
}
