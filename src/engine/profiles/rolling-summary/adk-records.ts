import type { Message } from '../../transcript/model';

/**
 * One entry of ADK's persisted message history, as `groupHistoryIntoTurns` reads it (`RelevanceMessage`): role,
 * content and a sortable `createdAt` string. `source` is the canonical message it stands for.
 */
export interface AdkMessage {
  role: 'user' | 'assistant';
  content: string;
  createdAt: string;
  source: Message;
}

/**
 * One of ADK's tool-call records (`RelevanceToolCall`): the tool's name, its arguments as the plain object ADK keeps,
 * and the record's `createdAt`. `callId` links it back to the canonical blocks.
 */
export interface AdkToolCall {
  callId: string;
  tool: string;
  args: Record<string, unknown>;
  createdAt: string;
}

/** A canonical transcript as ADK's agent would have stored it: its message history and its tool-call records. */
export interface AdkHistory {
  messages: AdkMessage[];
  toolCalls: AdkToolCall[];
}

/**
 * Reads a canonical transcript as ADK's agent stores one: its LLM adapters build the `Message` and `ToolCall` records
 * and hand them to `storeMessage`/`storeToolCall` (`src/batteries/llm/openai_chat_completions/adapter.ts` at the commit
 * we follow; the Anthropic, Ollama, WebLLM and LiteRT adapters do the same at the versions read):
 *
 * - Messages are `user` or `assistant` only; system text, thinking and tool results never enter the message history.
 * - An assistant response is stored as a message only when it has text (its text blocks joined with nothing between,
 *   as the Anthropic adapter joins them) or media. A response that only calls tools stores no message at all.
 * - A user message is one when it has a text block or an image; its text blocks are joined by `\n` (ADK takes the
 *   host's one string, so the join is ours). A user message holding only tool results is not one.
 * - `createdAt` is the canonical timestamp, or `''` when the source logged none.
 * - A tool call becomes a record only once it has a result (ADK persists a call when it completes). The record's
 *   `createdAt` is the completion time: the timestamp of the message holding its first result, else of the message
 *   holding the call, else `''`. Its `args` are the plain object ADK keeps: an object as it is, a JSON string that
 *   parses to an object, anything else `{}` (ADK's adapters store `{}` for absent or non-object arguments).
 * - Records come in the order of the calls in the transcript (the adapters execute and persist them in order).
 */
export function toAdkHistory(messages: readonly Message[]): AdkHistory {
  const resultTimes = new Map<string, string | undefined>();
  for (const message of messages) {
    for (const block of message.blocks) {
      if (block.kind === 'tool_result' && !resultTimes.has(block.callId)) resultTimes.set(block.callId, message.createdAt);
    }
  }
  const adkMessages: AdkMessage[] = [];
  const toolCalls: AdkToolCall[] = [];
  for (const message of messages) {
    const adkMessage = toAdkMessage(message);
    if (adkMessage) adkMessages.push(adkMessage);
    for (const block of message.blocks) {
      if (block.kind !== 'tool_call' || !resultTimes.has(block.callId)) continue;
      const createdAt = resultTimes.get(block.callId) ?? message.createdAt ?? '';
      toolCalls.push({ callId: block.callId, tool: block.name, args: recordedArgs(block.args), createdAt });
    }
  }
  return { messages: adkMessages, toolCalls };
}

/** The ADK message a canonical message is stored as, or undefined when ADK would store none (see `toAdkHistory`). */
function toAdkMessage(message: Message): AdkMessage | undefined {
  if (message.role !== 'user' && message.role !== 'assistant') return undefined;
  const texts: string[] = [];
  let hasImage = false;
  for (const block of message.blocks) {
    if (block.kind === 'text') texts.push(block.text);
    else if (block.kind === 'image') hasImage = true;
  }
  const content = texts.join(message.role === 'assistant' ? '' : '\n');
  const isStored = message.role === 'assistant' ? content.length > 0 || hasImage : texts.length > 0 || hasImage;
  if (!isStored) return undefined;
  return { role: message.role, content, createdAt: message.createdAt ?? '', source: message };
}

/** The arguments as ADK's `ToolCall` keeps them: always a plain object. */
function recordedArgs(args: unknown): Record<string, unknown> {
  let value = args;
  if (typeof value === 'string') {
    try {
      value = JSON.parse(value);
    } catch {
      return {};
    }
  }
  return isPlainObject(value) ? value : {};
}

function isPlainObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}
