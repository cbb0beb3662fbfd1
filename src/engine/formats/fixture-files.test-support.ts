import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';

/** Folder of the project's fixture transcripts (real ones, and hand-written ones in `hand-written/`). */
export const fixturesDirectory = path.join(import.meta.dirname, '..', '..', '..', 'e2e', 'fixtures', 'transcripts');

/**
 * Every fixture transcript file, real and hand-written, as paths relative to the fixtures folder. `held-out/` is left
 * out: its real sessions are read only by the quality bench, never by tests.
 */
export function listFixtureFiles(): string[] {
  const real = readdirSync(fixturesDirectory).filter((name) => !name.endsWith('.md') && !name.startsWith('hand-written') && name !== 'held-out');
  const handWritten = readdirSync(path.join(fixturesDirectory, 'hand-written')).map((name) => path.join('hand-written', name));
  return [...real, ...handWritten].filter((name) => !name.endsWith('.md'));
}

/** A fixture's text. */
export function readFixture(name: string): string {
  return readFileSync(path.join(fixturesDirectory, name), 'utf8');
}

/** A small seeded PRNG (mulberry32): property tests are random but repeatable. */
export function seededRandom(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let value = state;
    value = Math.imul(value ^ (value >>> 15), value | 1);
    value ^= value + Math.imul(value ^ (value >>> 7), value | 61);
    return ((value ^ (value >>> 14)) >>> 0) / 4294967296;
  };
}
