import type { Block, ImageBlock } from '../transcript/model';
import { asArray, asRecord, asString, stringify } from './shared';

/** Decoded size in bytes of a base64 payload, without decoding it. */
export function base64ByteLength(data: string): number {
  const clean = data.replace(/\s/g, '');
  const padding = clean.endsWith('==') ? 2 : clean.endsWith('=') ? 1 : 0;
  return Math.max(0, Math.floor((clean.length * 3) / 4) - padding);
}

/** An image referenced by URL; a `data:` URL becomes an inline (`base64`) image whose bytes are measured, not kept. */
export function imageFromUrl(url: string, mediaType?: string): ImageBlock {
  const dataUrl = /^data:([^;,]*)(;base64)?,/.exec(url);
  if (dataUrl) {
    const payload = url.slice(dataUrl[0].length);
    return {
      kind: 'image',
      mediaType: dataUrl[1] || mediaType,
      source: 'base64',
      byteLength: dataUrl[2] ? base64ByteLength(payload) : payload.length,
    };
  }
  return mediaType ? { kind: 'image', mediaType, source: url } : { kind: 'image', source: url };
}

/** An inline base64 image. */
export function imageFromBase64(data: string, mediaType?: string): ImageBlock {
  const image: ImageBlock = { kind: 'image', source: 'base64', byteLength: base64ByteLength(data) };
  return mediaType ? { ...image, mediaType } : image;
}

/** Blocks read from one content value, plus the part types that had no canonical block and became placeholders. */
export interface ContentBlocks {
  blocks: Block[];
  placeholders: string[];
}

/**
 * Chat Completions `content` (string, parts array or null) as blocks. Audio, files and unknown parts become
 * text placeholders, because the model must still show that something was there.
 */
export function openAiContentBlocks(content: unknown): ContentBlocks {
  if (content === null || content === undefined) return { blocks: [], placeholders: [] };
  if (typeof content === 'string') return { blocks: content === '' ? [] : [{ kind: 'text', text: content }], placeholders: [] };
  const parts = asArray(content);
  if (!parts) return { blocks: [{ kind: 'text', text: stringify(content) }], placeholders: [typeof content] };
  const blocks: Block[] = [];
  const placeholders: string[] = [];
  for (const item of parts) {
    const part = asRecord(item);
    if (typeof item === 'string') {
      blocks.push({ kind: 'text', text: item });
      continue;
    }
    const type = asString(part?.type) ?? 'unknown';
    const text = asString(part?.text);
    if ((type === 'text' || type === 'input_text' || type === 'output_text') && text !== undefined) {
      blocks.push({ kind: 'text', text });
    } else if (type === 'refusal') {
      blocks.push({ kind: 'text', text: asString(part?.refusal) ?? '' });
    } else if (type === 'image_url') {
      const imageUrl = part?.image_url;
      const url = asString(imageUrl) ?? asString(asRecord(imageUrl)?.url);
      if (url !== undefined) blocks.push(imageFromUrl(url));
      else placeholders.push(type);
    } else {
      placeholders.push(type);
      blocks.push({ kind: 'text', text: placeholderText(type, part) });
    }
  }
  return { blocks, placeholders };
}

function placeholderText(type: string, part: Record<string, unknown> | undefined): string {
  if (type === 'input_audio') return `[audio input: ${asString(asRecord(part?.input_audio)?.format) ?? 'unknown format'}]`;
  if (type === 'file') {
    const file = asRecord(part?.file);
    return `[file: ${asString(file?.filename) ?? asString(file?.file_id) ?? 'inline'}]`;
  }
  return `[${type} part]`;
}

/** The text of a content value, for tool results: text parts joined by newlines, other parts as placeholders. */
export function openAiContentText(content: unknown): { text: string; images: ImageBlock[] } {
  const { blocks } = openAiContentBlocks(content);
  const images = blocks.filter((block): block is ImageBlock => block.kind === 'image');
  const text = blocks.map((block) => (block.kind === 'text' ? block.text : '')).filter((piece) => piece !== '').join('\n');
  return { text, images };
}
