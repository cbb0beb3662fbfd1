// The eval thread's entry (see eval-pool.ts): loads its TypeScript through tsx, as bin.mjs loads the CLI's.
import { tsImport } from 'tsx/esm/api';

await tsImport('./eval-thread.ts', import.meta.url);
