import { gzipSync } from 'node:zlib';

/** What a first visit downloads before the page can run: the entry script and the chunks it imports statically. */
export interface BundleSize {
  /** Each file's gzipped size, summed (as a server compressing each response sends them). */
  gzipBytes: number;
  files: { path: string; gzipBytes: number }[];
}

/** The goal for the main bundle (issue 17): 200 KB gzipped. */
export const mainBundleTargetBytes = 200 * 1024;

/**
 * The scripts `index.html` loads up front: every `<script src>` and every `<link rel="modulepreload">` (Vite preloads
 * exactly the entry's static imports), as paths inside the build folder. A tab's lazy chunk is in neither.
 */
export function upFrontScripts(html: string): string[] {
  const tags = html.match(/<(script|link)\b[^>]*>/g) ?? [];
  const paths = tags.flatMap((tag) => {
    const isScript = tag.startsWith('<script') && /\btype="module"/.test(tag);
    const isPreload = tag.startsWith('<link') && /\brel="modulepreload"/.test(tag);
    const address = /\b(?:src|href)="([^"]+)"/.exec(tag)?.[1];
    return (isScript || isPreload) && address ? [address.replace(/^\.?\//, '')] : [];
  });
  return [...new Set(paths)];
}

/** Gzips each up-front script as read by `read` (a path inside the build folder) and sums them. */
export function mainBundleSize(html: string, read: (path: string) => Uint8Array): BundleSize {
  const files = upFrontScripts(html).map((path) => ({ path, gzipBytes: gzipSync(read(path), { level: 9 }).byteLength }));
  return { gzipBytes: files.reduce((sum, file) => sum + file.gzipBytes, 0), files };
}
