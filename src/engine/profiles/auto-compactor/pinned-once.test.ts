import { describe, expect, it } from 'vitest';
import { FakeClock } from '../../run/fake-clock.test-support';
import { scriptedSummarizer } from '../../run/scripted-summarizer.test-support';
import type { Message } from '../../transcript/model';
import { callMessage, message, resultMessage, runWith, textMessage } from './auto-compactor.test-support';
import { compactSession } from './compact-session';
import { buildPinnedOperative } from '../../pins/pinned-operative';
import { defaultPinnedBlockHeader } from '../../pins/pin-framing-prompts';
import type { Preparation } from './prepare-compaction';
import { resolvePrompts } from './prompt-assembly';

const pin = 'Never push to main without review.';
const pinned = buildPinnedOperative([{ name: 'rules', operative: [pin], isRead: false }], undefined, 'seed');
const user = (text: string): Message => message('user', [{ kind: 'text', text }]);
const block = pinned?.block ?? '';

/** A split turn's summary as compactSession joins it, with unified's one-block rule on or off. */
async function splitTurnSummary(history: string, prefix: string, isPinnedOncePerSummary: boolean): Promise<string> {
  const preparation: Preparation = { boundaryStart: 0, firstKeptIndex: 2, isSplitTurn: true, messagesToSummarize: [user('old history')], turnPrefixMessages: [user('prefix of a split turn')], kept: [], fileOperations: { readFiles: [], modifiedFiles: [] } };
  const summarizer = scriptedSummarizer([{ text: history }, { text: prefix }], new FakeClock());
  const result = await compactSession(preparation, { summarizer, role: 'main', prompts: resolvePrompts(), pinned, isPinnedOncePerSummary, signal: new AbortController().signal, onCall: () => undefined });
  return result.summary;
}

const occurrences = (text: string, part: string) => text.split(part).length - 1;

/** u a u call result a, forced with keep 150: the cut lands on the last assistant, inside the second turn (as D18). */
const splitTurn = (): Message[] => [textMessage('user', 404), textMessage('assistant', 404), textMessage('user', 404), callMessage('c1', 'bash', { command: 'ls' }), resultMessage('c1', 'z'.repeat(404)), textMessage('assistant', 604)];

describe('a split turn whose two calls both copy the pinned block', () => {
  it('D28: the auto-compactor joins both outputs as they are, as compactSession (compaction.dart) does: the block is there twice', async () => {
    const history = `## Goal\nship it\n\n## Critical Context\n${block}`;
    const prefix = `## Turn\nwas editing x.ts\n\n${block}`;
    const { result, main } = await runWith(splitTurn(), { config: { force: true, operativeSkills: [{ name: 'rules', operative: [pin], isRead: false }] }, main: [{ text: history }, { text: prefix }] });
    expect(main.requests).toHaveLength(2);
    const summary = result.passes[0].summary ?? '';
    expect(occurrences(summary, defaultPinnedBlockHeader)).toBe(2);
    expect(occurrences(summary, pin)).toBe(2);
  });

  it('withoutRepeatedPins (unified\'s one-block rule, U31): the summary holds the block once; the prefix keeps its own text', async () => {
    const summary = await splitTurnSummary(`## Goal\nship it\n\n## Critical Context\n${block}`, `## Turn\nwas editing x.ts\n\n${block}\n\n## Next\nrun the tests`, true);
    expect(occurrences(summary, defaultPinnedBlockHeader)).toBe(1);
    expect(occurrences(summary, pin)).toBe(1);
    expect(summary).toContain('was editing x.ts');
    expect(summary).toContain('## Next\nrun the tests');
  });

  it('withoutRepeatedPins (unified\'s one-block rule, U31): a pin only the turn prefix copied stays there', async () => {
    const summary = await splitTurnSummary('## Goal\nship it', `## Turn\n${block}`, true);
    expect(occurrences(summary, defaultPinnedBlockHeader)).toBe(1);
    expect(occurrences(summary, pin)).toBe(1);
  });
});
