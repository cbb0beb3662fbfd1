import js from '@eslint/js';
import globals from 'globals';
import reactHooks from 'eslint-plugin-react-hooks';
import tseslint from 'typescript-eslint';

/**
 * The house's layers and what each may not import (DEVELOPERS.md draws it): every arrow points one way,
 * engine ← providers, ports ← lab ← worker and CLI, and state ← features ← app. `ports` (the real adapters of the
 * engine's ports: token counter, clock, share-link DEFLATE, callback runner, and the unzip the lab needs) imports only
 * the engine; lab, worker, CLI and bench use it, the page only its DEFLATE (`pagePortsOnlyDeflate`).
 */
const layers = {
  ports: ['providers', 'lab', 'worker', 'worker-client', 'state', 'features', 'app', 'ui', 'cli', 'bench'],
  providers: ['lab', 'worker', 'worker-client', 'ports', 'state', 'features', 'app', 'ui', 'cli', 'bench'],
  lab: ['worker', 'state', 'features', 'app', 'ui', 'cli', 'bench'],
  worker: ['state', 'features', 'app', 'ui', 'cli', 'bench'],
  cli: ['worker', 'worker-client', 'state', 'features', 'app', 'ui', 'bench'],
  'worker-client': ['lab', 'state', 'features', 'app', 'ui', 'cli', 'bench'],
  state: ['features', 'app', 'worker', 'lab', 'cli', 'bench'],
  ui: ['engine', 'providers', 'lab', 'worker', 'worker-client', 'ports', 'state', 'features', 'app', 'cli', 'bench'],
};

/**
 * Outside the engine, only its entries (tldraw's `no-internal-imports`): `engine` (index.ts), `engine/headless` and the
 * subpath entries `engine/transcript`, `engine/config`, `engine/secrets`, `engine/profiles/meta`. Tests may reach further.
 */
const engineEntriesOnly = {
  regex: '(^|/)engine/(?!(headless|transcript|config|secrets|profiles/meta)$)',
  message: 'Outside src/engine, import its entries (engine, engine/headless, engine/transcript, engine/config, engine/secrets, engine/profiles/meta), never a file deeper in.',
};

/** The page's bundle carries no profile code: what runs it (`engine/headless`) is asked of the worker. */
const noProfileCodeOnPage = { regex: '(^|/)engine/headless$', message: 'The page never loads profile code (engine/headless): ask the worker.' };

/**
 * The page's rooms may take one port, the share link's DEFLATE (`ports/deflate`); the token counter, the clock, the
 * callback runner and the unzip are the worker's and the CLI's.
 */
const pagePortsOnlyDeflate = {
  regex: '(^|/)ports/(?!deflate$)',
  message: 'The page takes only ports/deflate (share links): token counting, the clock, callbacks and unzipping run in the worker.',
};

/** What features (and the atoms in src/ui) may not import. */
const featurePatterns = [
  { group: ['js-tiktoken', 'js-tiktoken/*', 'gpt-tokenizer', 'gpt-tokenizer/*', '**/worker/**', '**/lab/**'], message: 'The main thread never tokenizes or runs the lab: ask the worker.' },
  pagePortsOnlyDeflate,
  { regex: '^(\\.\\./)+features/|^\\.\\./(?!\\.\\.)[^/]+/', message: 'Features never import each other: shared state lives in src/state, shared atoms in src/ui.' },
  { group: ['**/app/**', '**/cli/**', '**/bench/**'], message: 'Features sit below src/app: the app composes them, never the other way.' },
  { group: ['ai', '@ai-sdk/*'], message: 'Provider calls run in the worker, never on the main thread.' },
];

/** The layers that run on the page's main thread. */
const pageLayers = ['state', 'worker-client', 'features', 'app', 'ui'];

/** One `no-restricted-imports` block per layer, from the table above (tests may reach further, e.g. to fixtures). */
const layerRules = Object.entries(layers).map(([layer, forbidden]) => ({
  files: [`src/${layer}/**/*.{ts,tsx}`],
  ignores: ['src/**/*.test.{ts,tsx}', 'src/**/*.test-support.ts'],
  rules: {
    'no-restricted-imports': ['error', {
      patterns: [
        { group: forbidden.map((name) => `**/${name}/**`), message: `src/${layer} must not import ${forbidden.join(', ')}: every arrow points one way (DEVELOPERS.md).` },
        engineEntriesOnly,
        ...(pageLayers.includes(layer) ? [noProfileCodeOnPage, pagePortsOnlyDeflate] : []),
      ],
    }],
  },
}));

/** Globals the engine must not touch: the world reaches it only through ports (DESIGN §3, §5). */
const engineForbiddenGlobals = ['window', 'document', 'fetch', 'localStorage', 'sessionStorage', 'setTimeout', 'setInterval', 'setImmediate', 'console', 'navigator', 'performance', 'process', 'Buffer', 'require', 'crypto'].map(
  (name) => ({ name, message: 'src/engine is pure: take this through a port.' }),
);

export default tseslint.config(
  { ignores: ['dist', 'build', 'node_modules', 'test-results', 'playwright-report'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    files: ['**/*.mjs', '**/*.js'],
    languageOptions: { globals: { ...globals.node } },
  },
  {
    files: ['**/*.{ts,tsx}'],
    languageOptions: { globals: { ...globals.browser, ...globals.node } },
    plugins: { 'react-hooks': reactHooks },
    rules: {
      ...reactHooks.configs.recommended.rules,
      'no-console': ['error', { allow: ['error', 'warn'] }],
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', ignoreRestSiblings: true }],
    },
  },
  {
    files: ['src/engine/**/*.ts'],
    ignores: ['src/engine/**/*.test.ts', 'src/engine/**/*.test-support.ts'],
    rules: {
      'no-restricted-globals': ['error', ...engineForbiddenGlobals],
      'no-restricted-properties': ['error', { object: 'Date', property: 'now', message: 'Use the Clock port.' }],
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            // An allowlist: every package but zod is refused, Node's modules included (the engine runs in the browser too).
            { regex: '^(?!\\.|zod(?:/|$))', message: 'src/engine imports only engine files and zod: anything else reaches it through a port.' },
            { group: ['**/features/**', '**/app/**', '**/state/**', '**/lab/**', '**/ports/**', '**/worker/**', '**/worker-client/**', '**/ui/**', '**/providers/**', '**/cli/**', '**/bench/**'], message: 'src/engine must not depend on outer layers.' },
          ],
        },
      ],
    },
  },
  {
    files: ['src/features/**/*.{ts,tsx}', 'src/ui/**/*.{ts,tsx}'],
    ignores: ['src/**/*.test.{ts,tsx}', 'src/**/*.test-support.{ts,tsx}'],
    rules: { 'no-restricted-imports': ['error', { patterns: [...featurePatterns, engineEntriesOnly, noProfileCodeOnPage] }] },
  },
  {
    files: ['src/features/**/*.test.{ts,tsx}', 'src/features/**/*.test-support.{ts,tsx}'],
    rules: { 'no-restricted-imports': ['error', { patterns: featurePatterns }] },
  },
  ...layerRules,
  {
    files: ['src/app/**/*.{ts,tsx}', 'src/main.tsx'],
    ignores: ['src/**/*.test.{ts,tsx}', 'src/**/*.test-support.ts'],
    rules: {
      'no-restricted-imports': ['error', {
        patterns: [
          { group: ['**/worker/**', '**/lab/**', '**/cli/**', '**/bench/**'], message: 'The app composes the page: it asks the worker (src/worker-client), never runs the lab itself.' },
          engineEntriesOnly,
          noProfileCodeOnPage,
          pagePortsOnlyDeflate,
        ],
      }],
    },
  },
  {
    files: ['src/bench/**/*.ts', 'src/docs/**/*.ts', 'src/tooling/**/*.ts'],
    ignores: ['src/**/*.test.{ts,tsx}', 'src/**/*.test-support.ts'],
    rules: { 'no-restricted-imports': ['error', { patterns: [engineEntriesOnly] }] },
  },
  {
    files: ['src/cli/**/*.ts', 'src/bench/**/*.ts', 'e2e/**/*.{ts,mjs}'],
    rules: { 'no-console': 'off' },
  },
);
