// The callback thread's entry (see callback-host.ts): loads its TypeScript through tsx, as bin.mjs loads the CLI's.
import { tsImport } from 'tsx/esm/api';

await tsImport('./callback-thread.ts', import.meta.url);
