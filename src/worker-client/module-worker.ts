/** One bootstrap blob per worker script: a restart reuses it, so it is never revoked. */
const bootstraps = new Map<string, string>();

/**
 * Starts a module worker from a one-line blob: module that imports the real worker script. A worker loaded straight
 * from a same-origin URL takes its Content-Security-Policy from that script's HTTP headers, so the page's meta policy
 * (and its connect-src) would not govern the worker's fetches; a worker made from a blob: URL inherits the page's
 * policy. The real script keeps its own URL, so its relative imports and chunks resolve as before, dev server included.
 * `scriptUrl` is the `?worker&url` import of the script; the build's base is relative ('./'), so it is resolved against
 * this module's own URL into the absolute address the blob imports: it holds when the page is served under a sub-path,
 * and never resolves against the blob.
 */
export function createModuleWorker(scriptUrl: string, name: string): Worker {
  const address = new URL(scriptUrl, import.meta.url).href;
  let bootstrap = bootstraps.get(address);
  if (bootstrap === undefined) {
    bootstrap = URL.createObjectURL(new Blob([`import ${JSON.stringify(address)};\n`], { type: 'text/javascript' }));
    bootstraps.set(address, bootstrap);
  }
  return new Worker(bootstrap, { type: 'module', name });
}
