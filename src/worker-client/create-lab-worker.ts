import labWorkerUrl from '../worker/lab-worker.ts?worker&url';

let bootstrapUrl: string | undefined;

/**
 * Starts the lab worker from a one-line blob: module that imports the real worker script. A worker loaded straight
 * from a same-origin URL takes its Content-Security-Policy from that script's HTTP headers, so the page's meta policy
 * (and its connect-src) would not govern the worker's fetches; a worker made from a blob: URL inherits the page's
 * policy. The real script keeps its own URL, so its relative imports and chunks resolve as before, dev server included.
 * The build's base is relative ('./'), so `labWorkerUrl` is resolved against this module's own URL into the absolute
 * address the blob imports: it holds when the page is served under a sub-path, and never resolves against the blob.
 */
export function createLabWorker(): Worker {
  // One small blob serves every restart; it is never revoked because a restart needs it again.
  bootstrapUrl ??= URL.createObjectURL(
    new Blob([`import ${JSON.stringify(new URL(labWorkerUrl, import.meta.url).href)};\n`], { type: 'text/javascript' }),
  );
  return new Worker(bootstrapUrl, { type: 'module', name: 'compaction-lab' });
}
