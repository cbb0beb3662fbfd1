#!/usr/bin/env node
// Builds the `compaction-lab` command into build/cli/ (`npm run build:cli`; `npm install` runs it as `prepare`), so a
// call starts on plain JavaScript instead of compiling the TypeScript sources on every run. esbuild (tsx's own
// compiler) bundles the CLI's code with code splitting, so each command, and each thread, loads only the chunks it
// imports (`external` below names the packages left in node_modules). The thread entries keep the names the
// sources' loaders have (`eval-thread.mjs`, `callback-thread.mjs`), so `new URL('./eval-thread.mjs', import.meta.url)`
// finds the built thread beside the built CLI as it finds the source loader beside the source. build/cli/ sits two
// folders below the package, as src/cli/ does, so `../../package.json` reads the same file from both.
import { build } from 'esbuild';
import { chmodSync, rmSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';

const root = path.join(import.meta.dirname, '..', '..');

/**
 * Marks the engine's modules free of side effects, which its lint rules hold it to (no globals, no I/O: DESIGN §3), so
 * an import of one name through an entry such as `engine/config` brings that name's code and not the whole entry (zod
 * and every profile would otherwise load with `--help`).
 */
const pureEngine = {
  name: 'pure-engine',
  setup(builder) {
    builder.onResolve({ filter: /^\.\.?\// }, async (args) => {
      if (args.pluginData?.isPureEngine) return undefined;
      const resolved = await builder.resolve(args.path, { kind: args.kind, importer: args.importer, resolveDir: args.resolveDir, pluginData: { isPureEngine: true } });
      if (resolved.errors.length > 0) return { errors: resolved.errors };
      const isEngine = resolved.path.startsWith(path.join(root, 'src', 'engine') + path.sep);
      return { ...resolved, sideEffects: isEngine ? false : resolved.sideEffects };
    });
  },
};
const outdir = path.join(root, 'build', 'cli');
const common = { absWorkingDir: root, bundle: true, format: 'esm', platform: 'node', target: 'node22', logLevel: 'warning' };

rmSync(outdir, { recursive: true, force: true });
await build({
  ...common,
  entryPoints: { main: 'src/cli/main.ts', 'eval-thread': 'src/cli/eval-thread.ts', 'callback-thread': 'src/cli/callback-thread.ts' },
  outdir,
  splitting: true,
  // Small pure libraries are bundled in (zod alone is a hundred files to resolve at every start); the large ones load
  // from node_modules when a command first imports them: the AI SDK and its providers only with a live summarizer,
  // the price catalogue only to price logged usage, a tokenizer's ranks only for its encoding.
  external: ['ai', '@ai-sdk/*', '@pydantic/genai-prices', 'gpt-tokenizer', 'gpt-tokenizer/*', 'js-tiktoken', 'js-tiktoken/*'],
  outExtension: { '.js': '.mjs' },
  banner: { js: '#!/usr/bin/env node' },
  plugins: [pureEngine],
});
// The command itself runs straight from its shebang.
chmodSync(path.join(outdir, 'main.mjs'), 0o755);

// The tokenizer's rank tables as files the built CLI reads at start (src/ports/tokenizer/rank-file.ts), written by the
// same code that reads them, bundled for the moment and removed after.
const writer = path.join(outdir, 'write-rank-files.mjs');
await build({ ...common, entryPoints: ['src/tooling/write-rank-files.ts'], outfile: writer, packages: 'external' });
const { writeRankFiles } = await import(pathToFileURL(writer).href);
await writeRankFiles(pathToFileURL(path.join(outdir, 'ranks') + path.sep));
rmSync(writer);
