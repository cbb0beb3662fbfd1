import type { Block, ImageBlock, Message, ToolCallBlock, ToolResultBlock, Transcript } from '../../transcript/model';

/** Options of the Chat Completions export. */
export interface OpenAiChatExportOptions {
  /**
   * Keep readable thinking as the non-standard `reasoning_content` field (DeepSeek, OpenRouter, local servers).
   * Default true, so a round trip keeps it; turn it off for endpoints that reject unknown fields. Redacted thinking
   * is always dropped: Chat Completions has no place for an opaque payload.
   */
  includeReasoning?: boolean;
}

type ChatMessage = Record<string, unknown>;

/**
 * Image as a Chat Completions part. The canonical model keeps no inline image bytes (only size and type), so an
 * inline image becomes a text placeholder; URL images stay images.
 */
function imagePart(image: ImageBlock): Record<string, unknown> {
  if (image.source === 'base64' || image.source === 'unknown') {
    return { type: 'text', text: `[image ${image.mediaType ?? ''} ${image.byteLength ?? '?'} bytes: inline data not kept]`.replace('  ', ' ') };
  }
  return { type: 'image_url', image_url: { url: image.source } };
}

function textOf(blocks: readonly Block[]): string {
  return blocks.map((block) => (block.kind === 'text' ? block.text : '')).join('\n');
}

/** A string for one text block, a parts array for several blocks or images (so block boundaries survive). */
function contentOf(blocks: readonly Block[]): string | Record<string, unknown>[] {
  const parts = blocks.filter((block) => block.kind === 'text' || block.kind === 'image');
  if (parts.length === 0) return '';
  if (parts.length === 1 && parts[0].kind === 'text') return parts[0].text;
  return blocks.flatMap((block) => (block.kind === 'text' ? [{ type: 'text', text: block.text }] : block.kind === 'image' ? [imagePart(block)] : []));
}

function toolCall(block: ToolCallBlock): Record<string, unknown> {
  const argumentsText = block.argsRaw !== '' ? block.argsRaw : JSON.stringify(block.args ?? {});
  return { id: block.callId, type: 'function', function: { name: block.name, arguments: argumentsText } };
}

function toolMessage(block: ToolResultBlock, images: readonly ImageBlock[]): ChatMessage {
  const imageNotes = images.map((image) => `[image: ${image.mediaType ?? image.source}]`);
  const content = [block.content, ...imageNotes].filter((piece) => piece !== '').join('\n');
  return { role: 'tool', tool_call_id: block.callId, content, ...(block.name ? { name: block.name } : {}) };
}

function assistantMessage(message: Message, includeReasoning: boolean): ChatMessage | undefined {
  const calls = message.blocks.filter((block): block is ToolCallBlock => block.kind === 'tool_call');
  const visible = message.blocks.filter((block) => block.kind === 'text' || block.kind === 'image');
  const reasoning = message.blocks
    .filter((block) => block.kind === 'thinking' && !block.isRedacted && block.text !== '')
    .map((block) => (block.kind === 'thinking' ? block.text : ''))
    .join('\n');
  if (calls.length === 0 && visible.length === 0 && (!includeReasoning || reasoning === '')) return undefined;
  const content = visible.length > 0 ? contentOf(visible) : null;
  return {
    role: 'assistant',
    content,
    ...(includeReasoning && reasoning !== '' ? { reasoning_content: reasoning } : {}),
    ...(calls.length > 0 ? { tool_calls: calls.map(toolCall) } : {}),
  };
}

/** The Chat Completions messages one canonical message becomes; its tool results become `tool` messages. */
function exportMessage(message: Message, includeReasoning: boolean): ChatMessage[] {
  const results = message.blocks.filter((block): block is ToolResultBlock => block.kind === 'tool_result');
  const rest = message.blocks.filter((block) => block.kind !== 'tool_result');
  const output: ChatMessage[] = [];
  if (message.role === 'tool') {
    const images = rest.filter((block): block is ImageBlock => block.kind === 'image');
    results.forEach((block, index) => output.push(toolMessage(block, index === results.length - 1 ? images : [])));
    const text = rest.filter((block) => block.kind === 'text');
    // A tool message without result ids (a plain-text paste) cannot be a `tool` message: it needs tool_call_id.
    if (results.length === 0 && rest.length > 0) output.push({ role: 'user', content: contentOf(rest) });
    else if (text.length > 0) output.push({ role: 'user', content: contentOf(text) });
    return output;
  }
  if (message.role === 'assistant') {
    // Results inside an assistant turn (Anthropic server tools) answer its own calls, so they follow it.
    const assistant = assistantMessage({ ...message, blocks: rest }, includeReasoning);
    if (assistant) output.push(assistant);
    results.forEach((block) => output.push(toolMessage(block, [])));
    return output;
  }
  results.forEach((block) => output.push(toolMessage(block, [])));
  if (rest.some((block) => block.kind === 'text' || block.kind === 'image')) {
    output.push({ role: message.role, content: contentOf(rest) });
  }
  return output;
}

/**
 * Exports a transcript as Chat Completions `messages`: the system prompt first, assistant tool calls with
 * `arguments` = the verbatim `argsRaw`, one `tool` message (with `tool_call_id`) per result. An assistant message
 * with tool calls absorbs the assistant messages that directly follow it, so its `tool` messages can come right
 * after it as the API requires. Thinking goes to `reasoning_content` (see options). Pure; never throws.
 */
export function exportOpenAiChat(transcript: Transcript, options: OpenAiChatExportOptions = {}): unknown[] {
  const includeReasoning = options.includeReasoning ?? true;
  const output: ChatMessage[] = [];
  const systemText = transcript.system ? textOf(transcript.system.blocks) : '';
  if (systemText !== '') output.push({ role: 'system', content: systemText });
  for (const message of transcript.messages) {
    for (const chatMessage of exportMessage(message, includeReasoning)) {
      const previous = output[output.length - 1];
      if (chatMessage.role === 'assistant' && previous?.role === 'assistant' && previous.tool_calls) {
        output[output.length - 1] = mergeAssistant(previous, chatMessage);
      } else {
        output.push(chatMessage);
      }
    }
  }
  return output;
}

function asParts(content: unknown): Record<string, unknown>[] {
  if (typeof content === 'string') return content === '' ? [] : [{ type: 'text', text: content }];
  return Array.isArray(content) ? (content as Record<string, unknown>[]) : [];
}

function mergeContent(first: unknown, second: unknown): unknown {
  if (Array.isArray(first) || Array.isArray(second)) return [...asParts(first), ...asParts(second)];
  const texts = [first, second].filter((content): content is string => typeof content === 'string' && content !== '');
  return texts.length > 0 ? texts.join('\n') : null;
}

function mergeAssistant(first: ChatMessage, second: ChatMessage): ChatMessage {
  const reasoning = [first.reasoning_content, second.reasoning_content].filter((text): text is string => typeof text === 'string');
  const calls = [...((first.tool_calls as unknown[]) ?? []), ...((second.tool_calls as unknown[]) ?? [])];
  return {
    role: 'assistant',
    content: mergeContent(first.content, second.content),
    ...(reasoning.length > 0 ? { reasoning_content: reasoning.join('\n') } : {}),
    tool_calls: calls,
  };
}
