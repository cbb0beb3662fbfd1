import { inflateSync } from 'fflate';
import { describe, expect, it } from 'vitest';
import { deflateCompressor } from './deflate';

const text = (size: number): Uint8Array => new TextEncoder().encode('a config, '.repeat(Math.ceil(size / 10)).slice(0, size));

describe('the deflate compressor', () => {
  it('round-trips bytes through raw DEFLATE', () => {
    const bytes = text(5000);
    const packed = deflateCompressor.deflate(bytes);
    expect(packed.length).toBeLessThan(bytes.length);
    expect(inflateSync(packed)).toEqual(bytes);
    expect(deflateCompressor.inflate(packed, 5000)).toEqual(bytes);
  });

  it('stops once the output passes the limit, and throws on damaged input', () => {
    const packed = deflateCompressor.deflate(text(5000));
    expect(deflateCompressor.inflate(packed, 4999)).toBeUndefined();
    expect(() => deflateCompressor.inflate(packed.subarray(0, packed.length - 4), 5000)).toThrow();
  });
});
