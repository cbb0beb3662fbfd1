import type { Block, ImageBlock } from '../../transcript/model';
import { imageFromBase64, imageFromUrl } from '../image-blocks';
import { asArray, asRecord, asString, stringify } from '../shared';

/** Block types only the Anthropic Messages API uses; finding one is a strong sign of the format. */
export const ANTHROPIC_ONLY_BLOCK_TYPES = new Set([
  'tool_use', 'tool_result', 'thinking', 'redacted_thinking', 'server_tool_use', 'web_search_tool_result', 'document', 'compaction',
]);

/** An Anthropic image `source` (base64, url or file) as an image block. */
export function anthropicImage(sourceValue: unknown): ImageBlock {
  const source = asRecord(sourceValue);
  const mediaType = asString(source?.media_type);
  const type = asString(source?.type);
  if (type === 'base64') return imageFromBase64(asString(source?.data) ?? '', mediaType);
  if (type === 'url') return imageFromUrl(asString(source?.url) ?? '', mediaType);
  return { kind: 'image', source: type === 'file' ? `file:${asString(source?.file_id) ?? ''}` : 'unknown' };
}

/** Tool-result `content` (string or text/image blocks) as result text plus the images it held. */
function anthropicResultContent(content: unknown): { text: string; images: ImageBlock[] } {
  if (typeof content === 'string') return { text: content, images: [] };
  const parts = asArray(content);
  if (!parts) return { text: stringify(content), images: [] };
  const texts: string[] = [];
  const images: ImageBlock[] = [];
  for (const part of parts) {
    const block = asRecord(part);
    if (asString(block?.type) === 'image') images.push(anthropicImage(block?.source));
    else texts.push(asString(block?.text) ?? stringify(part));
  }
  return { text: texts.join('\n'), images };
}

/** One converted content block; `isCompaction` marks the beta compaction block, which splits its message. */
export type ConvertedBlock = { blocks: Block[]; isResult: boolean; isCompaction?: false; unknownType?: string } | { isCompaction: true; summary?: string };

/**
 * One Anthropic content block in canonical form. Redacted thinking keeps its opaque `data` in `signature`, so it can
 * be passed back unchanged. Server tool results (`*_tool_result` with `tool_use_id`) are tool results like any other.
 */
export function convertAnthropicBlock(value: unknown): ConvertedBlock {
  if (typeof value === 'string') return { blocks: [{ kind: 'text', text: value }], isResult: false };
  const block = asRecord(value) ?? {};
  const type = asString(block.type) ?? 'unknown';
  if (type === 'text') return { blocks: [{ kind: 'text', text: asString(block.text) ?? '' }], isResult: false };
  if (type === 'image') return { blocks: [anthropicImage(block.source)], isResult: false };
  if (type === 'thinking') {
    const signature = asString(block.signature);
    return { blocks: [{ kind: 'thinking', text: asString(block.thinking) ?? '', ...(signature !== undefined ? { signature } : {}) }], isResult: false };
  }
  if (type === 'redacted_thinking') {
    return { blocks: [{ kind: 'thinking', text: '', isRedacted: true, signature: asString(block.data) ?? '' }], isResult: false };
  }
  if (type === 'compaction') return { isCompaction: true, summary: asString(block.content) };
  if (type.endsWith('tool_use') && block.id !== undefined) {
    const input = block.input ?? {};
    return { blocks: [{ kind: 'tool_call', callId: stringify(block.id), name: asString(block.name) ?? 'unknown', args: input, argsRaw: stringify(input) }], isResult: false };
  }
  if (type.endsWith('tool_result') && block.tool_use_id !== undefined) {
    const isServerResult = type !== 'tool_result';
    const { text, images } = isServerResult ? { text: stringify(block.content), images: [] } : anthropicResultContent(block.content);
    const errorType = asString(asRecord(block.content)?.type) ?? '';
    const isError = block.is_error === true || errorType.endsWith('_error');
    return { blocks: [{ kind: 'tool_result', callId: stringify(block.tool_use_id), content: text, isError }, ...images], isResult: !isServerResult };
  }
  if (type === 'document') {
    const source = asRecord(block.source);
    const data = asString(source?.data);
    const text = asString(source?.type) === 'text' && data !== undefined ? data : `[parsed: ${asString(block.title) ?? asString(source?.media_type) ?? 'attached'}]`;
    return { blocks: [{ kind: 'text', text }], isResult: false };
  }
  return { blocks: [{ kind: 'text', text: `[${type} block]` }], isResult: false, unknownType: type };
}
