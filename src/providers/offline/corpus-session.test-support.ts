import { readFileSync } from 'node:fs';
import path from 'node:path';
import { agentCompactions, cutAtCompaction, importText } from '../../engine';
import type { Message, Transcript } from '../../engine/transcript';

/** The development corpus: real Claude Code sessions (see its NOTICE.md), read by name. */
const corpusDirectory = path.join(import.meta.dirname, '..', '..', '..', 'e2e', 'fixtures', 'compactions');

const sessions = new Map<string, Transcript>();

/** One corpus session, imported with the app's own importer (once per test file). */
function corpusSession(name: string): Transcript {
  let transcript = sessions.get(name);
  if (transcript === undefined) {
    transcript = importText(readFileSync(path.join(corpusDirectory, name), 'utf8'), { fileName: name }).transcripts[0];
    sessions.set(name, transcript);
  }
  return transcript;
}

/** Messages `from` up to `to` (exclusive) of a corpus session: a real excerpt for a unit test. */
export function corpusExcerpt(name: string, from: number, to: number): Message[] {
  return corpusSession(name).messages.slice(from, to);
}

/** A corpus session as the agent held it just before its compaction number `ordinal` (1-based). */
export function corpusBeforeCompaction(name: string, ordinal = 1): Transcript {
  const transcript = corpusSession(name);
  return cutAtCompaction(transcript, agentCompactions(transcript)[ordinal - 1]).before;
}
