/// <reference types="vitest/config" />
import { defineConfig, runnerImport, type Plugin } from 'vite';
import react from '@vitejs/plugin-react';
import { createHash } from 'node:crypto';
import type * as ConnectPolicy from './src/state/connect-policy';

/**
 * The production Content-Security-Policy. Only the build gets it: the dev server's React refresh needs an inline script.
 * Transcript text is never HTML, and this is the second fence. It comes as two meta tags, which the browser intersects:
 * this static one, whose connect-src only bounds fetches to http(s) in case the script below never runs, and the one
 * `endpointPolicyScript` writes before any module loads, whose connect-src is 'self', the known providers, local
 * servers and the endpoints the user allowed (only a script can know those, and only a first policy can grant them).
 * The script runs under this policy, allowed by its hash and nothing broader.
 */
function contentSecurityPolicy(scriptHash: string): string {
  return [
    "default-src 'self'",
    `script-src 'self' '${scriptHash}'`,
    "style-src 'self' 'unsafe-inline'",
    "img-src 'self' data: blob:",
    "worker-src 'self' blob:",
    "connect-src 'self' http: https:",
    "object-src 'none'",
    "base-uri 'none'",
    "form-action 'none'",
  ].join('; ');
}

function escapeAttribute(text: string): string {
  return text.replaceAll('&', '&amp;').replaceAll('"', '&quot;').replaceAll('<', '&lt;');
}

/** Puts the policy and the endpoint script right after <meta charset>, which must stay in the page's first 1024 bytes. */
function contentSecurityPolicyPlugin(): Plugin {
  return {
    name: 'compaction-lab-csp',
    apply: 'build',
    async transformIndexHtml(html) {
      // Loaded through Vite's runner rather than imported, so this config does not pull app sources into its own load.
      const connectPolicy = await runnerImport<typeof ConnectPolicy>('/src/state/connect-policy.ts', { configFile: false, root: import.meta.dirname, logLevel: 'warn' });
      const script = connectPolicy.module.endpointPolicyScript();
      const scriptHash = `sha256-${createHash('sha256').update(script, 'utf8').digest('base64')}`;
      const charset = /<meta charset="[^"]*"\s*\/?>/i.exec(html);
      if (!charset) throw new Error('index.html needs a <meta charset> for the Content-Security-Policy to follow');
      const tags = `\n    <meta http-equiv="Content-Security-Policy" content="${escapeAttribute(contentSecurityPolicy(scriptHash))}">\n    <script>${script}</script>`;
      const at = charset.index + charset[0].length;
      return html.slice(0, at) + tags + html.slice(at);
    },
  };
}

export default defineConfig({
  // Every URL the build writes is relative to the page, so `dist/` works on any static host at any path
  // (`https://user.example/compaction-lab/` as well as the root). The dev server still serves from '/'.
  base: './',
  plugins: [react(), contentSecurityPolicyPlugin()],
  worker: { format: 'es' },
  server: { port: 5173, strictPort: true },
  // The dev server pre-bundles the dependencies its scan finds from the page; the lab worker starts from a blob: module
  // (src/worker-client/create-lab-worker.ts) that the scan never follows, so its dependencies (the AI SDK, the
  // tokenizer's rank tables) were found only when the first page ran it, and Vite reloaded that page ("optimized
  // dependencies changed"). Scanning from the worker's entry too pre-bundles them before the first load, and keeps
  // up with whatever the worker imports next.
  optimizeDeps: { entries: ['index.html', 'src/worker/lab-worker.ts', 'src/worker/experiment-worker.ts'] },
  preview: { port: 4173, strictPort: true },
  // The engine is pure (DESIGN §3): none of its modules has side effects, so one imported through an entry (index.ts)
  // is bundled only for what the importer uses.
  build: { target: 'es2022', chunkSizeWarningLimit: 2500, rolldownOptions: { treeshake: { moduleSideEffects: (id: string) => !id.includes('/src/engine/') } } },
  test: {
    include: ['src/**/*.test.ts', 'src/**/*.test.tsx', 'e2e/mock-llm/**/*.test.ts'],
    environment: 'node',
    testTimeout: 60_000,
  },
});
