import { loggedCalls } from '../tokens/logged-calls';
import { contextFigure, type ContextBasis } from '../tokens/context-basis';
import type { Transcript } from '../transcript/model';
import type { ModelCall } from './cache-model';
import { billedTokensOf, inputSideOf } from './logged-tokens';
import type { BilledTokens } from './prices';

/** One main-conversation call the agent logged, ready for the cache model and beside what the provider billed. */
export interface AgentCall {
  /** Index of the assistant message the call wrote. */
  messageIndex: number;
  /** When the message was logged (ISO time, its response's first line): the day its price is read for. */
  loggedAt?: string;
  model?: string;
  /** The call as the cache model reads it: its context as logged (anchored to the log), the prefix kept since the previous call. */
  call: ModelCall;
  /** The call's context on the basis (our exact count, calibrated): what a policy's context is measured against (`policyCalls`). */
  basisTokens: number;
  /** What the provider logged for the call, by how it was billed. */
  logged: BilledTokens;
  /** A user message (a human's prompt, or a command they ran) joined the context since the previous call: the call opens a turn. */
  opensTurn: boolean;
  /** The agent compacted its context since the previous call. */
  afterCompaction: boolean;
}

/** The agent's calls, and the cached head every prompt starts with (`cachedHead`). */
export interface AgentCalls {
  calls: AgentCall[];
  head: { tokens: number; isFromLog: boolean };
}

/** The main conversation's cache chain. */
export const mainChain = 'main';

/** Milliseconds since the epoch of an ISO time; undefined when absent or unreadable. */
function timeOf(iso: unknown): number | undefined {
  if (typeof iso !== 'string') return undefined;
  const parsed = Date.parse(iso);
  return Number.isFinite(parsed) ? parsed : undefined;
}

/**
 * When a call's request went out and when its response ended. The request left once its last input was logged: the
 * main-conversation message just before the response (the tool result or the prompt it answers), when that message
 * has a time no later than the response's; else the response's first line, which is stamped only after the model
 * began answering (time to first token, and a thinking block streamed whole) — so a pause measured from it runs long.
 * The end is the response's last line where the source logged it over several (Claude Code keeps them in `raw`, one
 * record each); a cache lifetime counts from there.
 */
export function responseSpan(transcript: Transcript, index: number): { startMs?: number; endMs?: number } {
  const message = transcript.messages[index];
  const firstLine = timeOf(message.createdAt);
  if (firstLine === undefined) return {};
  const records = Array.isArray(message.raw) ? message.raw : [];
  let endMs = firstLine;
  for (const record of records) {
    const at = typeof record === 'object' && record !== null ? timeOf((record as { timestamp?: unknown }).timestamp) : undefined;
    if (at !== undefined && at > endMs) endMs = at;
  }
  let before = index - 1;
  while (before >= 0 && transcript.messages[before].isSidechain) before -= 1;
  const input = before >= 0 && transcript.messages[before].role !== 'assistant' ? timeOf(transcript.messages[before].createdAt) : undefined;
  return { startMs: input !== undefined && input <= firstLine ? input : firstLine, endMs };
}

/**
 * The system prompt and tools the provider cached at the head of every prompt (Anthropic's first breakpoint), in its
 * tokens: the smallest cache read the log shows — a call that missed the rest of its prompt read exactly that — when it
 * is smaller than the unstored overhead on the basis (which also holds what the harness attached after the breakpoint,
 * its first-turn context, rewritten with the conversation); the overhead when the log shows no smaller read.
 */
function cachedHead(logged: readonly BilledTokens[], overheadTokens: number): { tokens: number; isFromLog: boolean } {
  let smallest = Number.POSITIVE_INFINITY;
  for (const tokens of logged) if (tokens.cacheRead > 0 && tokens.cacheRead < smallest) smallest = tokens.cacheRead;
  return smallest < overheadTokens ? { tokens: smallest, isFromLog: true } : { tokens: overheadTokens, isFromLog: false };
}

/**
 * The agent's own main-conversation calls that logged their context (`loggedCalls`), each with its context as the
 * provider logged it (uncached input + cache writes + cache reads: the check then tests the cache rules alone, not our
 * sizing), its context on the `basis` beside it (`basisTokens`: our exact count → the provider's tokens, what a policy's
 * context is scaled against), and the prefix it kept since the previous call: all of the previous prompt, unless the
 * agent compacted between them (any compaction marker, microcompaction included), when only the cached head
 * (`headTokens`: the system prompt and tools, `cachedHead`) is kept. The first call is billed as logged: what was cached before the file began is unknown.
 */
export function agentCalls(transcript: Transcript, perMessage: readonly number[], systemTokens: number, basis: ContextBasis): AgentCalls {
  const logged = loggedCalls(transcript, perMessage, systemTokens).flatMap((entry) => {
    const message = transcript.messages[entry.messageIndex];
    return message.usage ? [{ entry, message, tokens: billedTokensOf(message.usage) }] : [];
  });
  const head = cachedHead(logged.map(({ tokens }) => tokens), contextFigure(basis, systemTokens).tokens);
  const markerIndexes = transcript.markers.map((marker) => marker.atIndex);
  const calls: AgentCall[] = [];
  let previous: { index: number; prompt: number } | undefined;
  for (const { entry, message, tokens } of logged) {
    const basisTokens = contextFigure(basis, entry.ourTokens).tokens;
    // The logged context when the log has one; our calibrated size only when it logged no input side at all.
    const promptTokens = inputSideOf(tokens) > 0 ? inputSideOf(tokens) : basisTokens;
    const from = previous?.index ?? -1;
    const afterCompaction = previous !== undefined && markerIndexes.some((at) => at > from && at <= entry.messageIndex);
    const opensTurn = transcript.messages.slice(from + 1, entry.messageIndex).some((each) => !each.isSidechain && each.role === 'user');
    const keptTokens = previous === undefined ? 0 : afterCompaction ? Math.min(head.tokens, promptTokens) : Math.min(previous.prompt, promptTokens);
    calls.push({
      messageIndex: entry.messageIndex,
      ...(timeOf(message.createdAt) !== undefined ? { loggedAt: message.createdAt } : {}),
      ...(message.model !== undefined ? { model: message.model } : {}),
      call: {
        chain: mainChain,
        ...(message.model !== undefined ? { model: message.model } : {}),
        ...responseSpan(transcript, entry.messageIndex),
        promptTokens,
        headTokens: head.tokens,
        keptTokens,
        outputTokens: tokens.output,
        ...(previous === undefined ? { asLogged: tokens } : {}),
      },
      basisTokens,
      logged: tokens,
      opensTurn,
      afterCompaction,
    });
    previous = { index: entry.messageIndex, prompt: promptTokens };
  }
  return { calls, head };
}
