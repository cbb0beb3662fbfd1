import { describe, expect, it } from 'vitest';
import { FakeClock } from '../../run/fake-clock.test-support';
import { scriptedSummarizer } from '../../run/scripted-summarizer.test-support';
import type { Message } from '../../transcript/model';
import { message } from './auto-compactor.test-support';
import { compactSession } from './compact-session';
import { buildPinnedOperative, pinnedBlockHeader } from '../../pins/pinned-operative';
import type { Preparation } from './prepare-compaction';
import { resolvePrompts } from './prompt-assembly';

const pin = 'Never push to main without review.';
const pinned = buildPinnedOperative([{ name: 'rules', operative: [pin], isRead: false }], undefined, 'seed');
const user = (text: string): Message => message('user', [{ kind: 'text', text }]);
const block = pinned?.block ?? '';

async function splitTurnSummary(history: string, prefix: string): Promise<string> {
  const preparation: Preparation = { boundaryStart: 0, firstKeptIndex: 2, isSplitTurn: true, messagesToSummarize: [user('old history')], turnPrefixMessages: [user('prefix of a split turn')], kept: [], fileOperations: { readFiles: [], modifiedFiles: [] } };
  const summarizer = scriptedSummarizer([{ text: history }, { text: prefix }], new FakeClock());
  const result = await compactSession(preparation, { summarizer, role: 'main', prompts: resolvePrompts(), pinned, signal: new AbortController().signal, onCall: () => undefined });
  return result.summary;
}

const occurrences = (text: string, part: string) => text.split(part).length - 1;

describe('one pinned block per summary', () => {
  it('D28: a split turn whose two calls both copy the pinned block holds it once; the prefix keeps its own text', async () => {
    const summary = await splitTurnSummary(`## Goal\nship it\n\n## Critical Context\n${block}`, `## Turn\nwas editing x.ts\n\n${block}\n\n## Next\nrun the tests`);
    expect(occurrences(summary, pinnedBlockHeader)).toBe(1);
    expect(occurrences(summary, pin)).toBe(1);
    expect(summary).toContain('was editing x.ts');
    expect(summary).toContain('## Next\nrun the tests');
  });

  it('D28: a pin only the turn prefix copied stays there', async () => {
    const summary = await splitTurnSummary('## Goal\nship it', `## Turn\n${block}`);
    expect(occurrences(summary, pinnedBlockHeader)).toBe(1);
    expect(occurrences(summary, pin)).toBe(1);
  });
});
