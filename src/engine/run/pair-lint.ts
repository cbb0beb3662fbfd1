import type { Message } from '../transcript/model';
import type { PairLint } from './events';

/**
 * Lints tool pairing of a message list: results with no call, calls with no result, and calls whose results are not
 * in the message right after the call's message (the Anthropic Messages API rejects that). Linear in the input.
 */
export function lintToolPairs(messages: readonly Message[]): PairLint {
  const callAt = new Map<string, number>();
  const resultAt = new Map<string, number[]>();
  messages.forEach((message, index) => {
    for (const block of message.blocks) {
      if (block.kind === 'tool_call' && !callAt.has(block.callId)) callAt.set(block.callId, index);
      if (block.kind === 'tool_result') {
        const indexes = resultAt.get(block.callId);
        if (indexes) indexes.push(index);
        else resultAt.set(block.callId, [index]);
      }
    }
  });
  const orphanResults = [...resultAt.keys()].filter((callId) => !callAt.has(callId));
  const unansweredCalls = [...callAt.keys()].filter((callId) => !resultAt.has(callId));
  // A result is adjacent when nothing but tool messages stands between it and its call: the nearest non-tool message
  // before the result must be the call's own message.
  const nearestNonToolBefore: number[] = [];
  let lastNonTool = -1;
  messages.forEach((message, index) => {
    nearestNonToolBefore.push(lastNonTool);
    if (message.role !== 'tool') lastNonTool = index;
  });
  const adjacencyBreaks = [...callAt.entries()]
    .filter(([callId, callIndex]) => (resultAt.get(callId) ?? []).some((resultIndex) => nearestNonToolBefore[resultIndex] !== callIndex))
    .map(([callId]) => callId);
  return { orphanResults, unansweredCalls, adjacencyBreaks };
}
