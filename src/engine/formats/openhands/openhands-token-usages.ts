import type { Message, UnlistedCall } from '../../transcript/model';
import { asArray, asRecord, asString } from '../shared';
import { TokenFigures } from '../usage';

/** The run's per-call ledger: `metrics.token_usages` of an eval output, else the last event metrics that hold one. */
function tokenUsages(events: readonly unknown[], run: Record<string, unknown> | undefined): Record<string, unknown>[] {
  const fromRun = asArray(asRecord(run?.metrics)?.token_usages);
  if (fromRun && fromRun.length > 0) return fromRun.map(asRecord).filter((entry) => entry !== undefined);
  for (let index = events.length - 1; index >= 0; index -= 1) {
    const entries = asArray(asRecord(asRecord(events[index])?.llm_metrics)?.token_usages);
    if (entries && entries.length > 0) return entries.map(asRecord).filter((entry) => entry !== undefined);
  }
  return [];
}

/** The id of the model response a message came from, when its usage was read from that response. */
function billedResponseId(message: Message): string | undefined {
  if (!message.usage) return undefined;
  return asString(asRecord(asRecord(asRecord(message.raw)?.tool_call_metadata)?.model_response)?.id);
}

/**
 * Calls OpenHands metered (`token_usages`: one entry per completion, with `response_id`) whose response no message
 * carries usage for: a condenser's summarizing call, a response whose action was not logged. They were billed, so the
 * logged bill counts them. LiteLLM's `prompt_tokens` holds the whole input, the cache read and write included. An
 * entry without a `response_id` cannot be told from a message's call and is left out, never counted twice.
 */
export function unlistedOpenHandsCalls(events: readonly unknown[], run: Record<string, unknown> | undefined, messages: readonly Message[]): UnlistedCall[] {
  const billed = new Set(messages.map(billedResponseId).filter((id) => id !== undefined));
  const calls: UnlistedCall[] = [];
  for (const [index, entry] of tokenUsages(events, run).entries()) {
    const responseId = asString(entry.response_id);
    if (responseId === undefined || responseId === '' || billed.has(responseId)) continue;
    billed.add(responseId);
    // Implausible figures are left out quietly: the per-call ledger repeats what the messages' usage already reports.
    const figures = new TokenFigures();
    const inputTokens = figures.read(entry, 'prompt_tokens');
    calls.push({
      usage: {
        inputTokens,
        outputTokens: figures.read(entry, 'completion_tokens'),
        cacheReadTokens: figures.read(entry, 'cache_read_tokens'),
        cacheWriteTokens: figures.read(entry, 'cache_write_tokens'),
        contextTokens: inputTokens,
      },
      model: asString(entry.model),
      sourceRef: { index },
    });
  }
  return calls;
}
