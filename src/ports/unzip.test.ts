import { strToU8, zipSync } from 'fflate';
import { describe, expect, it } from 'vitest';
import { unzipText } from './unzip';

describe('unzipping', () => {
  const archive = zipSync({ 'a.json': strToU8('{"a": 1}'), 'big.bin': new Uint8Array(4096), 'b.txt': strToU8('héllo') });

  it('gives the picked entries as UTF-8 text, by name', () => {
    expect(unzipText(archive, (name) => name !== 'big.bin', 1024)).toEqual({ 'a.json': '{"a": 1}', 'b.txt': 'héllo' });
  });

  it('refuses an archive whose picked entries unpack past the limit, counting only what it picks', () => {
    expect(() => unzipText(archive, () => true, 1024 * 1024 * 0.001)).toThrow(/unpacks to more than the 0\.001 MB limit/);
    expect(Object.keys(unzipText(archive, (name) => name === 'a.json', 16))).toEqual(['a.json']);
  });

  it('throws on bytes that are not a whole archive', () => {
    expect(() => unzipText(archive.slice(0, 40), () => true, 1024)).toThrow();
  });
});
