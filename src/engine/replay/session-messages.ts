import type { Message, Transcript } from '../transcript/model';
import { agentCompactions } from '../versus/agent-compactions';
import { writtenByCompaction } from '../versus/cut-at-compaction';
import type { SourceCompaction } from './replay-model';

/** The messages a replay feeds the policy, each with its index in the transcript, and how many it left out. */
export interface SessionMessages {
  messages: { message: Message; index: number }[];
  skipped: number;
}

/**
 * The session as the agent's main context received it, message by message: sidechain messages (subagents' own
 * contexts) are left out, and so are the messages the agent's own compactions wrote (their summaries and what Claude
 * Code re-attached after them) — under the replayed policy those compactions never happened. Everything else, harness
 * messages included, joins the context in order.
 */
export function sessionMessages(transcript: Transcript): SessionMessages {
  const written = new Set(agentCompactions(transcript).flatMap((compaction) => writtenByCompaction(transcript, compaction).map((message) => message.id)));
  const messages: SessionMessages['messages'] = [];
  transcript.messages.forEach((message, index) => {
    if (!message.isSidechain && !written.has(message.id)) messages.push({ message, index });
  });
  return { messages, skipped: transcript.messages.length - messages.length };
}

/** The compactions the agent itself made in the source, with the sizes it logged around them. */
export function sourceCompactions(transcript: Transcript): SourceCompaction[] {
  return agentCompactions(transcript).map(({ marker, atMessage }) => ({
    atMessage,
    kind: marker.kind,
    ...(marker.trigger ? { trigger: marker.trigger } : {}),
    ...(marker.tokensBefore !== undefined ? { loggedTokensBefore: marker.tokensBefore } : {}),
    ...(marker.tokensAfter !== undefined ? { loggedTokensAfter: marker.tokensAfter } : {}),
  }));
}
