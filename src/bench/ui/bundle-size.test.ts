import { gzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { mainBundleSize, upFrontScripts } from './bundle-size';

const html = `<!doctype html><html><head><meta charset="UTF-8" />
<meta http-equiv="Content-Security-Policy" content="default-src 'self'"><script>window.policy = 1;</script>
<script type="module" crossorigin src="./assets/index-abc.js"></script>
<link rel="modulepreload" crossorigin href="./assets/store-def.js">
<link rel="stylesheet" crossorigin href="./assets/index-ghi.css">
<link rel="modulepreload" crossorigin href="/assets/meta-jkl.js">
</head><body><div id="root"></div></body></html>`;

describe('the main bundle size', () => {
  it('counts the entry script and its preloaded chunks, not inline scripts, styles or lazy chunks', () => {
    expect(upFrontScripts(html)).toEqual(['assets/index-abc.js', 'assets/store-def.js', 'assets/meta-jkl.js']);
  });

  it('sums each file gzipped on its own', () => {
    const contents: Record<string, Uint8Array> = {
      'assets/index-abc.js': Buffer.from('const a = 1;'.repeat(500)),
      'assets/store-def.js': Buffer.from('export const store = {};'),
      'assets/meta-jkl.js': Buffer.from('export const meta = [];'),
    };
    const size = mainBundleSize(html, (path) => contents[path]);
    const expected = Object.values(contents).reduce((sum, bytes) => sum + gzipSync(bytes, { level: 9 }).byteLength, 0);
    expect(size.gzipBytes).toBe(expected);
    expect(size.files.map((file) => file.path)).toEqual(Object.keys(contents));
  });
});
