import type { Block, ImageBlock, Origin, ToolResultBlock } from '../../transcript/model';
import { base64ByteLength } from '../image-blocks';
import { asArray, asRecord, asString, stringify, toolArguments } from '../shared';

/**
 * Text that Claude Code itself writes into user turns (slash-command expansions, local command output,
 * reminders, task notifications, interruption notes). Such turns are harness boilerplate, not the human.
 */
const INJECTED_PREFIXES = [
  '<system-reminder>',
  '<command-name>',
  '<command-message>',
  '<command-args>',
  '<local-command-stdout>',
  '<local-command-stderr>',
  '<local-command-caveat>',
  '<task-notification>',
  '<bash-stdout>',
  '<bash-stderr>',
  '<user-prompt-submit-hook>',
  '[Request interrupted by user',
];

/** True when a user text was written by the Claude Code harness rather than typed by the human. */
export function isInjectedText(text: string): boolean {
  const trimmed = text.trimStart();
  return INJECTED_PREFIXES.some((prefix) => trimmed.startsWith(prefix));
}

/** An Anthropic `image` block as an ImageBlock: only type and size are kept, the bytes stay in `raw`. */
function readImageBlock(block: Record<string, unknown>): ImageBlock {
  const source = asRecord(block.source);
  const data = asString(source?.data);
  if (data !== undefined) {
    return { kind: 'image', mediaType: asString(source?.media_type), source: 'base64', byteLength: base64ByteLength(data) };
  }
  return { kind: 'image', mediaType: asString(source?.media_type), source: asString(source?.url) ?? 'unknown' };
}

/** A tool_result's content (string, or an array of text/image blocks) as display text; images become "[image]". */
function toolResultText(content: unknown): string {
  if (typeof content === 'string') return content;
  const parts = asArray(content);
  if (!parts) return stringify(content);
  return parts
    .map((part) => {
      const record = asRecord(part);
      if (record?.type === 'text') return asString(record.text) ?? '';
      if (record?.type === 'image') return '[image]';
      return stringify(part);
    })
    .join('\n');
}

/** Reads one Anthropic tool_result-like block (tool_result, web_search_tool_result, …) into a ToolResultBlock. */
function readToolResultBlock(block: Record<string, unknown>): ToolResultBlock {
  return {
    kind: 'tool_result',
    callId: asString(block.tool_use_id) ?? '',
    content: toolResultText(block.content),
    isError: block.is_error === true,
  };
}

/**
 * Converts one Messages-API content block. Unknown block types become a bracketed text placeholder
 * (reported by the caller through `unknownTypes`) so nothing silently disappears.
 */
function readContentBlock(value: unknown, unknownTypes: Set<string>): Block {
  const block = asRecord(value);
  if (!block) return { kind: 'text', text: stringify(value) };
  switch (block.type) {
    case 'text':
      return { kind: 'text', text: asString(block.text) ?? '' };
    case 'thinking':
      return { kind: 'thinking', text: asString(block.thinking) ?? '', signature: asString(block.signature) };
    case 'redacted_thinking':
      return { kind: 'thinking', text: '', isRedacted: true };
    case 'image':
      return readImageBlock(block);
    case 'tool_use':
    case 'server_tool_use':
      return {
        kind: 'tool_call',
        callId: asString(block.id) ?? '',
        name: asString(block.name) ?? 'unknown',
        ...toolArguments(block.input),
      };
    case 'tool_result':
      return readToolResultBlock(block);
    default: {
      const type = asString(block.type) ?? 'untyped';
      // Server-side tool results (web_search_tool_result, …) carry the same linkage key as tool_result.
      if (type.endsWith('_tool_result') && typeof block.tool_use_id === 'string') return readToolResultBlock(block);
      unknownTypes.add(type);
      return { kind: 'text', text: `[${type}]` };
    }
  }
}

/** A user or assistant `message.content` (string or block array) as blocks. */
export function readContent(content: unknown, unknownTypes: Set<string>): Block[] {
  if (typeof content === 'string') return [{ kind: 'text', text: content }];
  const blocks = asArray(content);
  if (!blocks) return [];
  return blocks.map((block) => readContentBlock(block, unknownTypes));
}

function attachmentContentText(content: unknown): string | undefined {
  if (typeof content === 'string') return content;
  const parts = asArray(content);
  if (parts) return parts.map((part) => asString(part) ?? asString(asRecord(part)?.text) ?? stringify(part)).join('\n');
  const nested = asRecord(content);
  return nested ? attachmentContentText(nested.content) : undefined;
}

/**
 * An `attachment` line (newer Claude Code: hook context, memory files, skill listings, queued prompts) as blocks
 * and origin. A queued prompt is what the human typed while the agent worked; everything else is harness context.
 */
export function readAttachment(record: Record<string, unknown>, unknownTypes: Set<string>): { blocks: Block[]; origin: Origin } {
  const attachment = asRecord(record.attachment);
  if (attachment?.type === 'queued_command' && attachment.prompt !== undefined) {
    const blocks = readContent(attachment.prompt, unknownTypes);
    const texts = blocks.flatMap((block) => (block.kind === 'text' ? [block.text] : []));
    return { blocks, origin: texts.length > 0 && texts.every(isInjectedText) ? 'injected' : 'human' };
  }
  const text = attachmentContentText(attachment?.content) ?? stringify(attachment ?? record);
  return { blocks: [{ kind: 'text', text }], origin: 'injected' };
}
