#!/usr/bin/env node
// Builds the `compaction-lab` command into build/cli/ (`npm run build:cli`; `npm install` runs it as `prepare`), so a
// call starts on plain JavaScript instead of compiling the TypeScript sources on every run. esbuild (tsx's own
// compiler) bundles the CLI's entry, each command and each thread into a file of its own (`external` below names the
// packages left in node_modules), and the entry imports a command's file only when it runs. The thread files keep the
// names the sources' loaders have (`eval-thread.mjs`, `callback-thread.mjs`), so `new URL('./eval-thread.mjs',
// import.meta.url)` finds the built thread beside the built command as it finds the source loader beside the source.
// build/cli/ sits two folders below the package, as src/cli/ does, so `../../package.json` reads the same file.
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

/**
 * Small pure libraries are bundled in (zod alone is a hundred files to resolve at every start); the large ones load
 * from node_modules when a command first imports them: the AI SDK and its providers only with a live summarizer, the
 * price catalogue only to price logged usage, a tokenizer's ranks only for its encoding.
 */
const libraries = {
  external: ['ai', '@ai-sdk/*', '@pydantic/genai-prices', 'gpt-tokenizer', 'gpt-tokenizer/*', 'js-tiktoken', 'js-tiktoken/*'],
  outExtension: { '.js': '.mjs' },
  banner: { js: '#!/usr/bin/env node' },
};
const commands = ['stats', 'compact', 'ab', 'config', 'versus', 'replay', 'eval'].map((name) => `${name}-command`);

/** main.ts imports each command's module when it runs: here that import names the command's own built file. */
const commandFiles = {
  name: 'command-files',
  setup(builder) {
    builder.onResolve({ filter: /^\.\/[a-z]+-command$/ }, (args) => (commands.includes(args.path.slice(2)) ? { path: `${args.path}.mjs`, external: true } : undefined));
  },
};

/**
 * Each command's file starts by pointing the tokenizer at the rank files, then is the command: a module of its own
 * bundle, so the call is made on the copy of the rank-table port that command counts with.
 */
const commandEntries = {
  name: 'command-entries',
  setup(builder) {
    builder.onResolve({ filter: /^command:/ }, (args) => ({ path: args.path.slice('command:'.length), namespace: 'command' }));
    builder.onLoad({ filter: /.*/, namespace: 'command' }, (args) => ({
      contents: `import { countWithRankFiles } from './src/cli/rank-files.ts';\ncountWithRankFiles();\nexport * from './src/cli/${args.path}.ts';\n`,
      resolveDir: root,
      loader: 'ts',
    }));
  },
};

rmSync(outdir, { recursive: true, force: true });
await build({ ...common, ...libraries, entryPoints: { main: 'src/cli/main.ts' }, outdir, plugins: [commandFiles, pureEngine] });
// Every command and thread is one self-contained file, not chunks shared among them: with shared chunks, a command
// that imports one name from the engine's entry loads every chunk that entry re-exports from (stats would load the
// profiles and zod); bundled alone it holds only the code it uses. Code a command imports only sometimes (unzip,
// probes, the live summarizers) is in its file but run only when imported.
await build({
  ...common,
  ...libraries,
  entryPoints: Object.fromEntries([...commands.map((name) => [name, `command:${name}`]), ['eval-thread', 'src/cli/eval-thread.ts'], ['callback-thread', 'src/cli/callback-thread.ts']]),
  outdir,
  plugins: [commandEntries, pureEngine],
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
