import type { CompactionMarker, Transcript } from '../transcript/model';

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

/** Claude Code's microcompaction clears old tool outputs in place: the conversation before it stays in the context. */
const inPlaceMarkerKinds = new Set(['microcompact_boundary']);

/**
 * The main-conversation calls whose logged usage states the context they held, each beside our exact count of the
 * messages that call saw: the system prompt, then every earlier main-conversation message still in the context. An
 * agent's own compaction before the call took out what it replaced: the messages it lists when it lists them (OpenHands
 * condensation), else everything before it (Claude Code `compact_boundary`, Codex `compacted`); a microcompaction
 * takes out nothing we can count. Sidechain (subagent) calls ran on another context and are left out.
 * `perMessage[i]` is our count of `transcript.messages[i]`.
 */
export function loggedCalls(transcript: Transcript, perMessage: readonly number[], systemTokens: number): LoggedCall[] {
  const indexById = new Map(transcript.messages.map((message, index) => [message.id, index]));
  const markersAt = new Map<number, CompactionMarker[]>();
  for (const marker of transcript.markers) markersAt.set(marker.atIndex, [...(markersAt.get(marker.atIndex) ?? []), marker]);
  const live = new Set<number>();
  const calls: LoggedCall[] = [];
  let seen = systemTokens;
  transcript.messages.forEach((message, index) => {
    for (const marker of markersAt.get(index) ?? []) {
      if (inPlaceMarkerKinds.has(marker.kind)) continue;
      const replaced = marker.replacesMessageIds ? marker.replacesMessageIds.map((id) => indexById.get(id)) : [...live];
      for (const gone of replaced) {
        if (gone === undefined || !live.delete(gone)) continue;
        seen -= perMessage[gone] ?? 0;
      }
    }
    if (message.isSidechain) return;
    const logged = message.usage?.contextTokens;
    if (logged !== undefined && logged > 0 && message.role === 'assistant') {
      calls.push({ messageIndex: index, ourTokens: seen, loggedTokens: logged, model: message.model });
    }
    live.add(index);
    seen += perMessage[index] ?? 0;
  });
  return calls;
}
