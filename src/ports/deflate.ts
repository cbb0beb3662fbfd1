import { deflateSync, Inflate } from 'fflate';
import type { Compressor } from '../engine/config';

/** Thrown inside fflate's output callback to stop inflating the moment the output passes its limit. */
class TooLarge extends Error {}

/**
 * The engine's `Compressor` on fflate's raw DEFLATE (level 9), for the page's share links and the CLI's
 * `config link` alike, so both build the same link for the same config. The engine imports only zod; this is the
 * one place a share link's compression library is named.
 */
export const deflateCompressor: Compressor = {
  deflate: (bytes) => deflateSync(bytes, { level: 9 }),
  inflate(bytes, maximumBytes) {
    const chunks: Uint8Array[] = [];
    let total = 0;
    const stream = new Inflate((chunk) => {
      total += chunk.length;
      if (total > maximumBytes) throw new TooLarge();
      chunks.push(chunk);
    });
    try {
      stream.push(bytes, true);
    } catch (error) {
      if (error instanceof TooLarge) return undefined;
      throw error;
    }
    const joined = new Uint8Array(total);
    let offset = 0;
    for (const chunk of chunks) {
      joined.set(chunk, offset);
      offset += chunk.length;
    }
    return joined;
  },
};
