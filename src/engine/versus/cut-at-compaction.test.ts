import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { readFixture } from '../formats/fixture-files.test-support';
import { importText } from '../formats/import-text';
import type { Message, Transcript } from '../transcript/model';
import { agentCompactions } from './agent-compactions';
import { cutAtCompaction, type CompactionCut } from './cut-at-compaction';

const claudeCodeFile = 'claude-code__fa812bfe-b295-4cca-9c2f-fdf01028cb46.jsonl';

function load(text: string, fileName: string): Transcript {
  return importText(text, { fileName }).transcripts[0];
}

const own = (name: string): Transcript => load(readFileSync(new URL(`./fixtures/${name}`, import.meta.url), 'utf8'), name);
const ids = (messages: readonly Message[]): string[] => messages.map((message) => message.id);

function cuts(transcript: Transcript): CompactionCut[] {
  return agentCompactions(transcript).map((compaction) => cutAtCompaction(transcript, compaction));
}

describe('cutAtCompaction: Claude Code (the real session)', () => {
  const transcript = load(readFixture(claudeCodeFile), claudeCodeFile);
  const [cut] = cuts(transcript);

  it('finds the one compact_boundary, readable, at its summary message', () => {
    expect(agentCompactions(transcript)).toEqual([expect.objectContaining({ ordinal: 1, atMessage: 288, isReadable: true })]);
    expect(transcript.messages[288]).toMatchObject({ origin: 'summary', id: cut.compaction.marker.summaryMessageId });
  });

  it('hands the profile everything before the boundary, all of it compacted, and keeps only the summary', () => {
    expect(ids(cut.before.messages)).toEqual(ids(transcript.messages.slice(0, 288)));
    expect(cut.compactedPart).toEqual(cut.before.messages);
    expect(cut.before).toMatchObject({ markers: [], source: transcript.source });
    expect(cut.before.meta.loggedUsage?.lastContextTokens).toBe(167117);
    expect(ids(cut.agentContext)).toEqual([transcript.messages[288].id]);
    expect(cut.agentContext[0].blocks[0]).toMatchObject({ kind: 'text', text: expect.stringMatching(/^This session is being continued/) });
  });

  it('takes everything after the summary as what the agent did next', () => {
    expect(ids(cut.after)).toEqual(ids(transcript.messages.slice(289)));
    expect(cut.after[0].role).toBe('assistant');
  });
});

describe('cutAtCompaction: Codex compacted with replacement_history, twice', () => {
  const transcript = own('codex-two-compactions.jsonl');
  const [first, second] = cuts(transcript);

  it('continues the first with the replacement history: instructions, the user request, the summary', () => {
    expect(ids(first.before.messages)).toEqual(['codex-2', 'codex-4', 'codex-6', 'codex-7', 'codex-8', 'codex-10']);
    expect(first.compactedPart).toEqual(first.before.messages);
    expect(first.agentContext.map((message) => `${message.id}:${message.origin}`)).toEqual(['codex-11~history-1:injected', 'codex-11~history-2:human', 'codex-11:summary']);
    expect(first.agentContext[2].blocks[0]).toMatchObject({ text: expect.stringMatching(/^Another language model started/) });
    expect(ids(first.after)).toEqual(['codex-13', 'codex-15', 'codex-16', 'codex-17']);
  });

  it('starts the second from what the agent held after the first, not from the file’s first line', () => {
    expect(ids(second.before.messages)).toEqual([...ids(first.agentContext), ...ids(first.after)]);
    expect(ids(second.before.messages)).not.toContain('codex-4');
    // Without a replacement history (an older rollout), the summary message alone.
    expect(ids(second.agentContext)).toEqual(['codex-18']);
    expect(ids(second.after)).toEqual(['codex-19', 'codex-20', 'codex-21', 'codex-22', 'codex-23']);
  });

  it('refuses a compaction the transcript does not have', () => {
    expect(() => cutAtCompaction(transcript, { ...first.compaction, ordinal: 3 })).toThrow(/no compaction 3: it has 2/);
  });
});

describe('cutAtCompaction: OpenHands condensation', () => {
  const transcript = own('openhands-condensation.json');
  const [cut] = cuts(transcript);

  it('compacts only the forgotten events and puts the summary where they were, after the events kept first', () => {
    expect(cut.compaction).toMatchObject({ ordinal: 1, atMessage: 7, isReadable: true });
    expect(ids(cut.before.messages)).toEqual(['1', '2', '3', '4', '5', '6', '7']);
    expect(cut.before.system).toBe(transcript.system);
    expect(ids(cut.compactedPart)).toEqual(['2', '3', '4', '5']);
    expect(ids(cut.agentContext)).toEqual(['1', 'condensation-1-summary', '6', '7']);
    expect(cut.agentContext[1]).toMatchObject({ role: 'user', origin: 'summary', blocks: [{ kind: 'text', text: expect.stringMatching(/^USER_CONTEXT/) }] });
    expect(ids(cut.after)).toEqual(['9', '10', '11', '12']);
  });
});

const text = (id: string, role: Message['role'], origin: Message['origin'], value: string): Message => ({ id, role, origin, blocks: [{ kind: 'text', text: value }], sourceRef: {}, raw: null });

describe('cutAtCompaction: OpenHands condensing twice', () => {
  it('replaces the first summary with the second, as OpenHands shows only the latest', () => {
    const transcript: Transcript = {
      id: 't',
      source: { format: 'openhands' },
      messages: ['u1', 'a1', 'a2', 'a3', 'a4'].map((id) => text(id, id.startsWith('u') ? 'user' : 'assistant', id.startsWith('u') ? 'human' : 'model', `step ${id}`)),
      markers: [
        { atIndex: 3, kind: 'condensation', summaryText: 'first summary', replacesMessageIds: ['a1', 'a2'] },
        { atIndex: 5, kind: 'condensation', summaryText: 'second summary', replacesMessageIds: ['a3'] },
      ],
      meta: {},
    };
    const [first, second] = cuts(transcript);
    expect(ids(first.agentContext)).toEqual(['u1', 'condensation-1-summary']);
    expect(ids(second.before.messages)).toEqual(['u1', 'condensation-1-summary', 'a3', 'a4']);
    expect(ids(second.compactedPart)).toEqual(['condensation-1-summary', 'a3']);
    expect(ids(second.agentContext)).toEqual(['u1', 'condensation-2-summary', 'a4']);
  });
});

describe('agentCompactions: what can serve as a yardstick', () => {
  it('flags an encrypted Codex compaction as unreadable, with nothing readable to continue with', () => {
    const lines = [
      { type: 'session_meta', payload: { id: 'opaque' } },
      { type: 'response_item', payload: { type: 'message', role: 'user', content: [{ type: 'input_text', text: 'Ship the fix in src/a.ts.' }] } },
      { type: 'compacted', payload: { message: '', replacement_history: [{ type: 'message', role: 'user', content: [{ type: 'input_text', text: 'Ship the fix in src/a.ts.' }] }, { type: 'compaction', encrypted_content: 'gAAAA==' }] } },
    ];
    const transcript = load(lines.map((line) => JSON.stringify(line)).join('\n'), 'opaque.jsonl');
    const [compaction] = agentCompactions(transcript);
    expect(compaction).toMatchObject({ ordinal: 1, isReadable: false, whyUnreadable: expect.stringMatching(/encrypted/) });
    expect(cutAtCompaction(transcript, compaction).agentContext).toEqual([]);
  });

  it('passes over a microcompaction (it clears tool output in place and writes no summary)', () => {
    const transcript: Transcript = {
      id: 't',
      source: { format: 'claude-code' },
      messages: [text('u1', 'user', 'human', 'Start.'), text('a1', 'assistant', 'model', 'Done.')],
      markers: [{ atIndex: 1, kind: 'microcompact_boundary' }],
      meta: {},
    };
    expect(agentCompactions(transcript)).toEqual([]);
  });

  it('keeps the harness messages Claude Code attaches right after its summary in the agent’s context, not in what it did next', () => {
    const transcript: Transcript = {
      id: 't',
      source: { format: 'claude-code' },
      messages: [
        text('u1', 'user', 'human', 'Fix src/app.ts.'),
        { ...text('a1', 'assistant', 'model', 'Fixed.'), isSidechain: true },
        text('a2', 'assistant', 'model', 'Fixed src/app.ts.'),
        text('s1', 'user', 'summary', 'Summary: src/app.ts is fixed.'),
        text('r1', 'user', 'injected', '<system-reminder>src/app.ts was read before the summary</system-reminder>'),
        text('a3', 'assistant', 'model', 'Continuing.'),
      ],
      markers: [{ atIndex: 3, kind: 'compact_boundary', summaryMessageId: 's1', summaryText: 'Summary: src/app.ts is fixed.' }],
      meta: {},
    };
    const [cut] = cuts(transcript);
    expect(ids(cut.before.messages)).toEqual(['u1', 'a2']);
    expect(ids(cut.agentContext)).toEqual(['s1', 'r1']);
    expect(ids(cut.after)).toEqual(['a3']);
  });

  it('flags a boundary without a summary as unreadable', () => {
    const transcript: Transcript = { id: 't', source: { format: 'claude-code' }, messages: [text('u1', 'user', 'human', 'Go.')], markers: [{ atIndex: 1, kind: 'compact_boundary' }], meta: {} };
    expect(agentCompactions(transcript)).toEqual([expect.objectContaining({ isReadable: false, whyUnreadable: expect.stringMatching(/no summary/) })]);
  });
});
