import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { importText } from '../engine';
import type { Transcript } from '../engine/transcript';

/** The real fixture transcripts (the top folder) and the held-out ones (`held-out/`), never the hand-written ones. */
const fixturesDirectory = path.join(import.meta.dirname, '..', '..', 'e2e', 'fixtures', 'transcripts');

/** The development corpus: real Claude Code sessions from another project, each with the agent's own compaction. */
const corpusDirectory = path.join(import.meta.dirname, '..', '..', 'e2e', 'fixtures', 'compactions');

/**
 * Which set a fixture belongs to. `tuning`: the real transcripts the project's tests and tuning read (the offline
 * summarizer was shaped on them). `development`: the corpus of real Claude Code sessions from another project
 * (`e2e/fixtures/compactions`), read to develop against but tuned to none of its files. `held-out`: real sessions kept
 * out of every test, so the goal is measured on sessions the project has never seen.
 */
export type FixtureSet = 'tuning' | 'development' | 'held-out';

/** One real transcript, imported. */
export interface QualityFixture {
  /** Path under `e2e/fixtures/transcripts` (`compactions/…` for the development corpus). */
  name: string;
  set: FixtureSet;
  transcript: Transcript;
}

function realFiles(folder: string, root = fixturesDirectory): string[] {
  const directory = path.join(root, folder);
  if (!existsSync(directory)) return [];
  return readdirSync(directory)
    .filter((name) => !name.endsWith('.md') && statSync(path.join(directory, name)).isFile())
    .sort()
    .map((name) => path.join(folder, name));
}

/** Every real fixture file that imports, each transcript of a multi-transcript file as its own entry. */
export function qualityFixtures(): QualityFixture[] {
  const files: { name: string; set: FixtureSet; file: string }[] = [
    ...realFiles('').map((name) => ({ name, set: 'tuning' as const, file: path.join(fixturesDirectory, name) })),
    ...realFiles('', corpusDirectory).map((name) => ({ name: `compactions/${name}`, set: 'development' as const, file: path.join(corpusDirectory, name) })),
    ...realFiles('held-out').map((name) => ({ name, set: 'held-out' as const, file: path.join(fixturesDirectory, name) })),
  ];
  return files.flatMap(({ name, set, file }) => {
    const imported = importText(readFileSync(file, 'utf8'), { fileName: name });
    return imported.transcripts.map((transcript, index) => ({ name: imported.transcripts.length > 1 ? `${name} #${index + 1}` : name, set, transcript }));
  });
}
