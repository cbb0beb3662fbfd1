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
      if (block.kind === 'tool_result') resultAt.set(block.callId, [...(resultAt.get(block.callId) ?? []), index]);
    }
  });
  const orphanResults = [...resultAt.keys()].filter((callId) => !callAt.has(callId));
  const unansweredCalls = [...callAt.keys()].filter((callId) => !resultAt.has(callId));
  const adjacencyBreaks = [...callAt.entries()]
    .filter(([callId, index]) => {
      const results = resultAt.get(callId);
      if (!results) return false;
      // Results must sit right after the call: in the next message, or in a run of consecutive tool messages after it.
      let next = index + 1;
      while (next < messages.length && messages[next].role === 'tool' && !results.includes(next)) next += 1;
      return !results.every((resultIndex) => resultIndex > index && resultIndex <= next && messages.slice(index + 1, resultIndex).every((between) => between.role === 'tool'));
    })
    .map(([callId]) => callId);
  return { orphanResults, unansweredCalls, adjacencyBreaks };
}
