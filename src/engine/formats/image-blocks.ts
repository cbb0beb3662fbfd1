/** Canonical image blocks built from the URL or base64 forms that most sources use; payload bytes are measured, never kept. */
import type { ImageBlock } from '../transcript/model';

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
