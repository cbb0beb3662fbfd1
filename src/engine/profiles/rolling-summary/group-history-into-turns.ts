import type { Message } from '../../transcript/model';

/** One conversation turn, the seed's `HistoryTurn` over canonical messages: compaction only ever moves whole turns. */
export interface HistoryTurn {
  /** The turn's text as the seed measures and summarizes it (see `groupHistoryIntoTurns`). */
  qa: string;
  /** The latest `createdAt` among the turn's messages; empty when none has one. */
  createdAt: string;
  messages: Message[];
}

/**
 * Groups messages into turns (spec §2.4). As in the seed, a turn starts at a message and closes at the next assistant
 * message (inclusive), and an assistant message with no open turn is a turn of its own. The seed keeps tool calls as
 * separate records attached to the turn they happened in; here they are blocks, so a turn that reached its assistant
 * message closes only once every tool pair touched in it is complete: the results of the assistant's calls join its
 * turn, and a call never lands in a different turn from its results.
 *
 * `qa` follows the seed: the text of every conversational message joined by `\n`, then one `\n<name> <args JSON, first
 * 200 chars>` per tool call. Tool results never enter `qa` (the seed's tool-call records carry only name and args),
 * and neither do thinking or images. Linear in the input.
 */
export function groupHistoryIntoTurns(messages: readonly Message[]): HistoryTurn[] {
  const lastIndexByCallId = lastIndexesOfToolPairs(messages);
  const groups: Message[][] = [];
  let current: Message[] | null = null;
  let openUntil = -1;
  let hasAssistant = false;
  messages.forEach((message, index) => {
    if (!current) {
      current = [];
      groups.push(current);
    }
    if (message.role === 'assistant') hasAssistant = true;
    current.push(message);
    for (const block of message.blocks) {
      if (block.kind === 'tool_call' || block.kind === 'tool_result') {
        openUntil = Math.max(openUntil, lastIndexByCallId.get(block.callId) ?? index);
      }
    }
    if (hasAssistant && index >= openUntil) {
      current = null;
      openUntil = -1;
      hasAssistant = false;
    }
  });
  return groups.map(toTurn);
}

/** The seed's `argText`: JSON of the arguments cut to 200 characters; empty for absent or unserializable arguments. */
export function argText(args: unknown): string {
  if (args === null || args === undefined) return '';
  try {
    return (JSON.stringify(args) ?? '').slice(0, 200);
  } catch {
    return '';
  }
}

function lastIndexesOfToolPairs(messages: readonly Message[]): Map<string, number> {
  const lastIndex = new Map<string, number>();
  messages.forEach((message, index) => {
    for (const block of message.blocks) {
      if (block.kind === 'tool_call' || block.kind === 'tool_result') lastIndex.set(block.callId, index);
    }
  });
  return lastIndex;
}

function toTurn(messages: Message[]): HistoryTurn {
  const contents: string[] = [];
  let toolFragments = '';
  let createdAt = '';
  for (const message of messages) {
    const text = conversationText(message);
    if (text !== undefined) contents.push(text);
    for (const block of message.blocks) {
      if (block.kind === 'tool_call' && block.name) toolFragments += `\n${block.name} ${argText(block.args)}`;
    }
    if (message.createdAt) createdAt = message.createdAt;
  }
  return { qa: contents.join('\n') + toolFragments, createdAt, messages };
}

/** A message's text as the seed's `content`, or undefined for pure tool traffic (the seed's separate tool records). */
function conversationText(message: Message): string | undefined {
  const texts: string[] = [];
  let hasToolBlock = false;
  for (const block of message.blocks) {
    if (block.kind === 'text') texts.push(block.text);
    else if (block.kind === 'tool_call' || block.kind === 'tool_result') hasToolBlock = true;
  }
  if (texts.length === 0 && hasToolBlock) return undefined;
  return texts.join('\n');
}
