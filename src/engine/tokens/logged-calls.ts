import type { Transcript } from '../transcript/model';

/** One model call the source logged: how much of the transcript it saw by our count, and what the provider counted. */
export interface LoggedCall {
  /** Index of the message the call produced (its usage is logged there). */
  messageIndex: number;
  /** Our exact count of what the call saw: the stored system prompt plus every earlier message of its context. */
  ourTokens: number;
  /** The provider's count of the call's input context (input + cache read + cache write). */
  loggedTokens: number;
  model?: string;
}

/**
 * The main-conversation calls whose logged usage states the context they held, each beside our exact count of the
 * messages that call saw: the system prompt, then every earlier main-conversation message since the agent's last own
 * compaction (a call after a `compact_boundary` saw only what followed it). Sidechain (subagent) calls ran on another
 * context and are left out. `perMessage[i]` is our count of `transcript.messages[i]`.
 */
export function loggedCalls(transcript: Transcript, perMessage: readonly number[], systemTokens: number): LoggedCall[] {
  const boundaries = transcript.markers.map((marker) => marker.atIndex).sort((left, right) => left - right);
  const calls: LoggedCall[] = [];
  let seen = systemTokens;
  let nextBoundary = 0;
  transcript.messages.forEach((message, index) => {
    // A compaction before this message replaced everything before it in the live context.
    while (nextBoundary < boundaries.length && boundaries[nextBoundary] <= index) {
      nextBoundary++;
      seen = systemTokens;
    }
    if (message.isSidechain) return;
    const logged = message.usage?.contextTokens;
    if (logged !== undefined && logged > 0 && message.role === 'assistant') {
      calls.push({ messageIndex: index, ourTokens: seen, loggedTokens: logged, model: message.model });
    }
    seen += perMessage[index] ?? 0;
  });
  return calls;
}
