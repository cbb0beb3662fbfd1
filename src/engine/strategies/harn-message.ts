import type { Message } from '../transcript/model';

/** One tool call in the OpenAI-style shape seed 3 (Harn) keeps its transcript in. */
interface HarnToolCall {
  id: string;
  type: 'function';
  function: { name: string; arguments: string };
}

/**
 * A message as seed 3 sees it: OpenAI-style JSON with string `content`, optional `tool_calls`, `tool_call_id` and
 * `reasoning`. It is also the plain-data shape user callbacks receive, so it holds nothing but JSON values.
 */
export interface HarnMessage {
  role: string;
  content: string;
  tool_calls?: HarnToolCall[];
  tool_call_id?: string;
  reasoning?: string;
}

/**
 * Maps a canonical message to seed 3's view. A message carrying tool results is a `tool` message whatever its
 * canonical role (Anthropic-style user messages hold results; in OpenAI shape they are role `tool`), so the split
 * never treats a result as a user boundary. `content` is the text blocks, or for tool messages the result contents,
 * joined by `\n`; thinking becomes `reasoning` (redacted thinking counts as present but empty).
 */
export function toHarnMessage(message: Message): HarnMessage {
  const texts: string[] = [];
  const results: string[] = [];
  const reasoning: string[] = [];
  const toolCalls: HarnToolCall[] = [];
  let hasReasoning = false;
  let toolCallId: string | undefined;
  for (const block of message.blocks) {
    if (block.kind === 'text') texts.push(block.text);
    else if (block.kind === 'thinking') {
      hasReasoning = true;
      if (!block.isRedacted) reasoning.push(block.text);
    } else if (block.kind === 'tool_call') {
      toolCalls.push({ id: block.callId, type: 'function', function: { name: block.name, arguments: block.argsRaw } });
    } else if (block.kind === 'tool_result') {
      results.push(block.content);
      toolCallId ??= block.callId;
    }
  }
  const isTool = message.role === 'tool' || results.length > 0;
  const harn: HarnMessage = { role: isTool ? 'tool' : message.role, content: [...texts, ...results].join('\n') };
  if (toolCalls.length > 0) harn.tool_calls = toolCalls;
  if (toolCallId !== undefined) harn.tool_call_id = toolCallId;
  if (hasReasoning) harn.reasoning = reasoning.join('\n');
  return harn;
}

/** Seed 3's "reasoning or tool turn" test (spec §3.4 step 5): role `tool`, a `tool_calls` key, or non-null reasoning. */
export function isReasoningOrToolTurn(message: HarnMessage): boolean {
  return message.role === 'tool' || message.tool_calls !== undefined || (message.reasoning !== undefined && message.reasoning !== null);
}
