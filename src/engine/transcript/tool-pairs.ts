import type { Message } from './model';

/** How tool calls and results pair up in a message list, keyed by the format's own call id. */
export interface ToolPairReport {
  /** Distinct tool-call ids (main conversation only: sidechain messages are skipped). */
  toolCallIds: string[];
  /** Call ids that have at least one result. */
  answeredCallIds: string[];
  /** Results whose call id matches no call. */
  orphanResults: { messageId: string; callId: string }[];
  /** Calls that never got a result. */
  unansweredCalls: { messageId: string; callId: string }[];
  /** Index (in the list) of the message holding each call id. */
  callIndexById: Map<string, number>;
  /** Indexes of the messages holding results for each call id. */
  resultIndexesById: Map<string, number[]>;
}

/**
 * Pairs every tool call with its results by id, never by position. Results may come before or after their
 * call (out-of-order logs); both directions are linked, and anything unmatched is reported.
 */
export function pairToolCalls(messages: readonly Message[]): ToolPairReport {
  const callIndexById = new Map<string, number>();
  const resultIndexesById = new Map<string, number[]>();
  const callOrder: { messageId: string; callId: string }[] = [];
  const resultOrder: { messageId: string; callId: string }[] = [];
  messages.forEach((message, index) => {
    if (message.isSidechain) return;
    for (const block of message.blocks) {
      if (block.kind === 'tool_call' && !callIndexById.has(block.callId)) {
        callIndexById.set(block.callId, index);
        callOrder.push({ messageId: message.id, callId: block.callId });
      } else if (block.kind === 'tool_result') {
        const indexes = resultIndexesById.get(block.callId) ?? [];
        if (!indexes.includes(index)) indexes.push(index);
        resultIndexesById.set(block.callId, indexes);
        resultOrder.push({ messageId: message.id, callId: block.callId });
      }
    }
  });
  return {
    toolCallIds: callOrder.map((entry) => entry.callId),
    answeredCallIds: callOrder.filter((entry) => resultIndexesById.has(entry.callId)).map((entry) => entry.callId),
    orphanResults: resultOrder.filter((entry) => !callIndexById.has(entry.callId)),
    unansweredCalls: callOrder.filter((entry) => !resultIndexesById.has(entry.callId)),
    callIndexById,
    resultIndexesById,
  };
}
