import type { Block, ImageBlock } from '../../transcript/model';
import { imageFromUrl } from '../image-blocks';
import { asArray, asRecord, asString, describeValue, stringify } from '../shared';

/**
 * Blocks read from one content value, plus the part types that had no canonical block and became placeholders, and
 * the parts that were no part at all (a number, an array, null), skipped: each as its index and what it was.
 */
export interface ContentBlocks {
  blocks: Block[];
  placeholders: string[];
  skippedParts: { index: number; described: string }[];
}

/**
 * Chat Completions `content` (string, parts array or null) as blocks. Audio, files and unknown parts become
 * text placeholders, because the model must still show that something was there.
 */
export function openAiContentBlocks(content: unknown): ContentBlocks {
  if (content === null || content === undefined) return { blocks: [], placeholders: [], skippedParts: [] };
  if (typeof content === 'string') return { blocks: content === '' ? [] : [{ kind: 'text', text: content }], placeholders: [], skippedParts: [] };
  const parts = asArray(content);
  if (!parts) return { blocks: [{ kind: 'text', text: stringify(content) }], placeholders: [typeof content], skippedParts: [] };
  const blocks: Block[] = [];
  const placeholders: string[] = [];
  const skippedParts: ContentBlocks['skippedParts'] = [];
  for (const [index, item] of parts.entries()) {
    const part = asRecord(item);
    if (typeof item === 'string') {
      blocks.push({ kind: 'text', text: item });
      continue;
    }
    if (!part) {
      // A part that is not even an object carries nothing to show; the rest of the message still reads.
      skippedParts.push({ index, described: describeValue(item) });
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
  return { blocks, placeholders, skippedParts };
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
