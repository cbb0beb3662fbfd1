import { execFile } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';

const run = promisify(execFile);
const bin = path.join(import.meta.dirname, 'bin.mjs');

/** What a spawned `compaction-lab` printed, its exit code, and the signal that ended it (null when it ended by itself). */
export interface CliOutcome {
  stdout: string;
  stderr: string;
  code: number;
  signal: string | null;
}

/**
 * Runs the real binary (through tsx, as users do) with the given environment; a non-zero exit is an outcome, not a
 * throw. A binary that hangs is killed after a minute (its code is then null), so a regression cannot stall the suite.
 */
export async function cliWithEnvironment(environment: NodeJS.ProcessEnv, ...args: string[]): Promise<CliOutcome> {
  try {
    const { stdout, stderr } = await run(process.execPath, [bin, ...args], { env: environment, timeout: 50_000 });
    return { stdout, stderr, code: 0, signal: null };
  } catch (error) {
    const failure = error as { stdout: string; stderr: string; code: number; signal?: string | null };
    return { stdout: failure.stdout, stderr: failure.stderr, code: failure.code, signal: failure.signal ?? null };
  }
}

/** Runs the real binary with this process's environment. */
export async function cli(...args: string[]): Promise<CliOutcome> {
  return cliWithEnvironment(process.env, ...args);
}

/** A writer of JSON files (configs) in a fresh temporary folder, and the folder: `write(name, value)` returns the path. */
export function jsonFiles(prefix: string): { folder: string; write: (name: string, value: unknown) => string } {
  const folder = mkdtempSync(path.join(tmpdir(), prefix));
  return {
    folder,
    write: (name, value) => {
      const file = path.join(folder, name);
      writeFileSync(file, JSON.stringify(value));
      return file;
    },
  };
}
