#!/usr/bin/env node
// The `compaction-lab` command: loads the TypeScript entry through tsx, so the CLI runs the very engine source the app ships.
import { tsImport } from 'tsx/esm/api';

await tsImport('./main.ts', import.meta.url);
