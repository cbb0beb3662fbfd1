import type { Role, Transcript } from './model';
import { pairToolCalls } from './tool-pairs';

/** Counts that describe an imported transcript; the same object the CLI prints with `stats --json`. */
export interface TranscriptStats {
  /** Every canonical message, the system prompt included, so `byRole` sums to it. */
  messages: number;
  byRole: Record<Role, number>;
  /** Messages whose origin is `injected` (harness boilerplate) — counted inside `byRole` too. */
  injectedMessages: number;
  sidechainMessages: number;
  /** Distinct tool-call ids on the main conversation, as the source assigns them. */
  toolCalls: number;
  /** How many of those call ids have a result. */
  toolResults: number;
  orphanToolResults: number;
  unansweredToolCalls: number;
  compactionMarkers: number;
}

/** Counts messages by role and checks tool pairing; pure and linear in the transcript size. */
export function transcriptStats(transcript: Transcript): TranscriptStats {
  const byRole: Record<Role, number> = { system: 0, user: 0, assistant: 0, tool: 0 };
  const all = transcript.system ? [transcript.system, ...transcript.messages] : transcript.messages;
  let injectedMessages = 0;
  let sidechainMessages = 0;
  for (const message of all) {
    byRole[message.role] += 1;
    if (message.origin === 'injected') injectedMessages += 1;
    if (message.isSidechain) sidechainMessages += 1;
  }
  const pairs = pairToolCalls(transcript.messages);
  return {
    messages: all.length,
    byRole,
    injectedMessages,
    sidechainMessages,
    toolCalls: pairs.toolCallIds.length,
    toolResults: pairs.answeredCallIds.length,
    orphanToolResults: pairs.orphanResults.length,
    unansweredToolCalls: pairs.unansweredCalls.length,
    compactionMarkers: transcript.markers.length,
  };
}
