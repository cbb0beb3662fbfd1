import { readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

/** The real and hand-written transcript fixtures, read without any importer. */
const fixtureDirectory = fileURLToPath(new URL('../../../e2e/fixtures/transcripts', import.meta.url));

/** Fixture files (relative paths) holding JSON or JSONL. */
export function fixtureFiles(): string[] {
  const top = readdirSync(fixtureDirectory).filter((name) => /\.(jsonl|json|traj)$/.test(name));
  const handWritten = readdirSync(join(fixtureDirectory, 'hand-written'))
    .filter((name) => /\.(jsonl|json|traj)$/.test(name))
    .map((name) => `hand-written/${name}`);
  return [...top, ...handWritten];
}

/**
 * Every distinct string value of every record of a fixture (keys too), plus each raw JSONL line, so the tokenizer
 * comparison does not depend on the importers.
 */
export function fixtureStrings(relativePath: string): string[] {
  const raw = readFileSync(join(fixtureDirectory, relativePath), 'utf8');
  const strings = new Set<string>();
  const walk = (value: unknown): void => {
    if (typeof value === 'string') strings.add(value);
    else if (Array.isArray(value)) value.forEach(walk);
    else if (value !== null && typeof value === 'object') {
      for (const [key, child] of Object.entries(value)) {
        strings.add(key);
        walk(child);
      }
    }
  };
  try {
    walk(JSON.parse(raw));
  } catch {
    for (const line of raw.split('\n')) {
      if (line.trim() === '') continue;
      strings.add(line);
      try {
        walk(JSON.parse(line));
      } catch {
        // A bad line stays in as raw text, which is all the tokenizer needs.
      }
    }
  }
  return [...strings];
}
