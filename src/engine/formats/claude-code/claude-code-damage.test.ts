import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { Message } from '../../transcript/model';
import { pairToolCalls } from '../../transcript/tool-pairs';
import type { ImportIssue, ImportResult } from '../import-report';
import { canStartConversation } from './claude-code-links';
import { readFixture } from '../fixture-files.test-support';
import { importText } from '../import-text';

// Issue 14 items 4 and 5, as a second reader found them: one damaged record must never cost the conversation.

const TOOL_HEAVY = 'claude-code__tool_heavy.jsonl';
const SUBAGENT = 'claude-code__fa812bfe__subagents__agent-aa84377.jsonl';
const SESSION = 'claude-code__fa812bfe-b295-4cca-9c2f-fdf01028cb46.jsonl';

/** A fixture's lines with one of them (1-based) replaced. */
function withLine(lines: readonly string[], lineNumber: number, text: string): string {
  return lines.map((line, index) => (index === lineNumber - 1 ? text : line)).join('\n');
}

/** A fixture's lines with one field of one record (1-based line) set to `value`. */
function withField(lines: readonly string[], lineNumber: number, key: string, value: unknown): string {
  const record = JSON.parse(lines[lineNumber - 1]) as Record<string, unknown>;
  return withLine(lines, lineNumber, JSON.stringify({ ...record, [key]: value }));
}

function issues(result: ImportResult): ImportIssue[] {
  return [...result.report.errors, ...result.report.warnings];
}

function messagesOf(result: ImportResult): Message[] {
  expect(result.transcripts).toHaveLength(1);
  return result.transcripts[0].messages;
}

/** The uuids of the source records behind each message (an assistant message keeps every line of its response). */
function recordUuids(messages: readonly Message[]): Set<string> {
  const uuids = new Set<string>();
  for (const message of messages) {
    for (const record of Array.isArray(message.raw) ? message.raw : [message.raw]) {
      const uuid = (record as { uuid?: unknown } | undefined)?.uuid;
      if (typeof uuid === 'string') uuids.add(uuid);
    }
  }
  return uuids;
}

function lineCountOf(result: ImportResult): { messages: number; tools: number } {
  const messages = messagesOf(result);
  return { messages: messages.length, tools: messages.filter((message) => message.role === 'tool').length };
}

describe('Claude Code: a readable line with a damaged uuid or parentUuid', () => {
  const lines = readFixture(TOOL_HEAVY).split('\n');
  const intact = importText(lines.join('\n'));

  it('skips a message line whose uuid is null with a located error, and bridges its child to the line before it', () => {
    // Before the fix: 1 message kept, "20 message line(s) on abandoned branches".
    const result = importText(withField(lines, 38, 'uuid', null));
    expect(lineCountOf(intact)).toEqual({ messages: 19, tools: 6 });
    expect(lineCountOf(result)).toEqual({ messages: 18, tools: 5 });
    expect(result.report.errors).toEqual([{
      message: 'Line 38: the user record\'s uuid is null, not a string: it cannot be placed in the conversation, so the line is skipped.',
      line: 38,
      path: 'uuid',
    }]);
    expect(result.report.warnings).toEqual([{
      message: 'Line 39: parent fe91755f-4df3-4aa1-9c04-608c5884e237 is missing, most likely line 38, which was skipped; joined to line 37, the message line before it in file order.',
      line: 39,
    }]);
  });

  it('bridges a line whose parentUuid is a number to the line before it, with a warning, losing nothing', () => {
    // Before the fix: 1 message kept, 21 lines "on abandoned branches".
    const result = importText(withField(lines, 39, 'parentUuid', 7));
    expect(messagesOf(result).map((message) => message.id)).toEqual(messagesOf(intact).map((message) => message.id));
    expect(result.report.errors).toEqual([]);
    expect(result.report.warnings).toEqual([{
      message: 'Line 39: parentUuid is a number, not a uuid; joined to line 38, the message line before it in file order.',
      line: 39,
    }]);
  });

  it('keeps 30 of the 31 messages of a subagent log whose line 97 has a numeric uuid', () => {
    const subagentLines = readFixture(SUBAGENT).split('\n');
    const result = importText(withField(subagentLines, 97, 'uuid', 42));
    // Before the fix: 1 of 31 kept.
    expect(messagesOf(result)).toHaveLength(30);
    expect(result.report.errors).toEqual([expect.objectContaining({ line: 97, message: expect.stringMatching(/^Line 97: the user record's uuid is a number/) })]);
    expect(result.report.warnings).toEqual([expect.objectContaining({ line: 98, message: expect.stringContaining('most likely line 97, which was skipped') })]);
  });

  it('takes a response line with a null parentUuid for a lost link, not a new start: it can only answer something', () => {
    const result = importText(withField(lines, 37, 'parentUuid', null));
    expect(messagesOf(result).map((message) => message.id)).toEqual(messagesOf(intact).map((message) => message.id));
    expect(result.report.warnings).toEqual([{
      message: 'Line 37: no parent (parentUuid null), which only a prompt may lack; joined to line 36, the message line before it in file order.',
      line: 37,
    }]);
  });

  it('takes the session\'s last line, a system turn timing, with a null parentUuid for a lost link: 358 messages stay', () => {
    const sessionLines = readFixture(SESSION).split('\n');
    const result = importText(withField(sessionLines, 1881, 'parentUuid', null));
    expect(messagesOf(result)).toHaveLength(358);
    expect(result.report.warnings).toEqual([expect.objectContaining({ line: 1881, message: expect.stringMatching(/^Line 1881: no parent \(parentUuid null\), which only a prompt may lack; joined to line 1880/) })]);
  });

  it('takes the interruption marker on the last line with a null parentUuid for a lost link: it follows what it cut short', () => {
    const result = importText(withField(lines, 39, 'parentUuid', null));
    expect(messagesOf(result).map((message) => message.id)).toEqual(messagesOf(intact).map((message) => message.id));
    expect(result.report.warnings).toEqual([expect.objectContaining({ line: 39, message: expect.stringMatching(/^Line 39: no parent \(parentUuid null\), which only a prompt may lack/) })]);
  });

  it('says at the line when a prompt with a null parentUuid starts the conversation afresh, dropping the lines above', () => {
    // A prompt without a parent is what an edit of the first prompt writes, so the lines above are an earlier branch.
    const result = importText(withField(lines, 26, 'parentUuid', null));
    expect(messagesOf(result)[0].sourceRef.line).toBe(26);
    expect(result.report.warnings).toContainEqual({
      message: 'Line 26: no parent (parentUuid null), so the conversation starts afresh here; the 10 message line(s) above it are taken for an earlier branch (an edit of the first prompt) and left out.',
      line: 26,
    });
  });

  it('warns about a damaged parentUuid on a line the walk does not pass, which is placed by its call', () => {
    const result = importText(withField(lines, 32, 'parentUuid', { uuid: 'x' }));
    expect(messagesOf(result).map((message) => message.id)).toEqual(messagesOf(intact).map((message) => message.id));
    expect(result.report.warnings).toEqual([{ message: 'Line 32: parentUuid is an object, not a uuid; ignored.', line: 32 }]);
  });
});

describe('Claude Code: a readable tool result whose parallel call line is damaged', () => {
  const lines = readFixture(TOOL_HEAVY).split('\n');
  const orphanWarning = {
    message: 'Line 32: tool result for toolu_01JJds55jYrYwd9TktNGndRY kept as an orphan: its call was on skipped line 30.',
    line: 32,
  };

  it('keeps the result of a call lost with line 30 as an orphan, in file order, instead of an abandoned branch', () => {
    // Before the fix: 18 messages, 5 tool results, "1 message line(s) on abandoned branches (edits or rewinds)".
    const result = importText(withLine(lines, 30, '{corrupt'));
    expect(lineCountOf(result)).toEqual({ messages: 19, tools: 6 });
    const messages = messagesOf(result);
    expect(messages.map((message) => message.sourceRef.line)).toEqual([...messages.map((message) => message.sourceRef.line)].sort((a, b) => (a ?? 0) - (b ?? 0)));
    expect(pairToolCalls(messages).orphanResults).toHaveLength(1);
    expect(result.report.warnings).toEqual([orphanWarning]);
  });

  it('keeps it too when both lines of the parallel calls (29 and 30) are lost, bridging the other result', () => {
    const damaged = lines.map((line, index) => (index === 28 || index === 29 ? '{corrupt' : line));
    const result = importText(damaged.join('\n'));
    expect(lineCountOf(result)).toEqual({ messages: 19, tools: 6 });
    expect(result.report.warnings).toEqual([
      expect.objectContaining({ line: 33, message: expect.stringContaining('most likely line 30, which was skipped; joined to line 28') }),
      orphanWarning,
    ]);
  });

  it('keeps it when the call line is readable but has no uuid', () => {
    const result = importText(withField(lines, 30, 'uuid', null));
    expect(lineCountOf(result)).toEqual({ messages: 19, tools: 6 });
    expect(result.report.warnings).toEqual([orphanWarning]);
  });
});

describe('Claude Code: damage a uuid-less line may hide', () => {
  const session = { sessionId: 's-1', isSidechain: false };
  const user = (uuid: string, parentUuid: string | null, content: string) => ({ ...session, type: 'user', uuid, parentUuid, message: { role: 'user', content } });
  const assistant = (uuid: string, parentUuid: string, text: string) => ({
    ...session, type: 'assistant', uuid, parentUuid, message: { id: `msg-${uuid}`, role: 'assistant', content: [{ type: 'text', text }] },
  });
  const read = (records: unknown[]) => importText(records.map((record) => JSON.stringify(record)).join('\n'));

  it('bridges over a housekeeping line with a damaged uuid that a message hangs under, with a warning', () => {
    const result = read([
      user('u1', null, 'first'),
      assistant('a1', 'u1', 'one'),
      { ...session, type: 'progress', uuid: 7, parentUuid: 'a1', data: { type: 'hook_progress' } },
      user('u2', 'p1', 'second'),
      assistant('a2', 'u2', 'two'),
    ]);
    expect(messagesOf(result).map((message) => message.id)).toEqual(['u1', 'a1', 'u2', 'a2']);
    expect(result.report.errors).toEqual([]);
    expect(result.report.warnings.map((warning) => warning.line)).toEqual([3, 4]);
    expect(result.report.warnings[0].message).toBe('Line 3: the progress record\'s uuid is a number, not a string: no line can hang under it, so the record is ignored.');
  });

  it('does not take a sidechain line without a uuid for the lost parent of a main line', () => {
    const result = read([
      user('u1', null, 'first'),
      { ...user('s1', 'u1', 'side'), uuid: null, isSidechain: true },
      user('u2', 'elsewhere', 'second'),
    ]);
    // The lost parent is not blamed on the sidechain line; the line before on the main line is joined instead.
    expect(messagesOf(result).map((message) => message.id)).toEqual(['u1', 'u2']);
    expect(result.report.errors).toEqual([expect.objectContaining({ line: 2, path: 'uuid' })]);
    expect(result.report.warnings).toContainEqual({
      message: 'Line 3: parent elsewhere is not in this file; joined to line 1, the message line before it in file order.',
      line: 3,
    });
  });
});

type Damage = { kind: 'unparsable'; text: string } | { kind: 'field'; key: 'uuid' | 'parentUuid'; value: unknown };

const damage: fc.Arbitrary<Damage> = fc.oneof(
  fc.constantFrom<Damage>({ kind: 'unparsable', text: '{corrupt' }, { kind: 'unparsable', text: '{"type":"user","uuid":"cut' }),
  fc.record({
    kind: fc.constant('field' as const),
    key: fc.constantFrom('uuid' as const, 'parentUuid' as const),
    value: fc.oneof(fc.constant(null), fc.integer(), fc.constant({ uuid: 'nested' }), fc.constant([])),
  }),
);

/** Runs per fixture: few on the 3 MB session (about 40 ms an import), many on the small ones. */
const FIXTURES = [
  { name: TOOL_HEAVY, numRuns: 150 },
  { name: SUBAGENT, numRuns: 120 },
  { name: SESSION, numRuns: 30 },
];

describe('Claude Code: one damaged line costs at most its own messages (property, real fixtures)', () => {
  for (const { name, numRuns } of FIXTURES) {
    it(name, () => {
      const lines = readFixture(name).split('\n');
      const records = lines.map((line) => (line.trim() === '' ? undefined : (JSON.parse(line) as Record<string, unknown>)));
      const recordLines = records.flatMap((record, index) => (record ? [index + 1] : []));
      const messageLines = recordLines.filter((line) => ['user', 'assistant', 'system', 'attachment'].includes(String(records[line - 1]?.type)));
      const intact = messagesOf(importText(lines.join('\n')));
      const intactUuids = recordUuids(intact);
      const lineNumber = fc.oneof(fc.constantFrom(...messageLines), fc.constantFrom(...recordLines));

      fc.assert(fc.property(lineNumber, damage, (line, change) => {
        const record = records[line - 1] as Record<string, unknown>;
        const text = change.kind === 'unparsable' ? withLine(lines, line, change.text) : withField(lines, line, change.key, change.value);
        const result = importText(text);
        const messages = messagesOf(result);
        const named = issues(result).some((issue) => issue.line === line && issue.message.includes(`Line ${line}`));

        const lostUuids = [...intactUuids].filter((uuid) => uuid !== record.uuid && !recordUuids(messages).has(uuid));
        const ownMessages = intact.filter((message) => message.sourceRef.line === line && (!Array.isArray(message.raw) || message.raw.length === 1));
        const isNewStart = change.kind === 'field' && change.key === 'parentUuid' && change.value === null && canStartConversation(record);
        if (isNewStart) {
          // A prompt without a parent is a legitimate new start (an edit of the first prompt): allowed, but said at the line.
          if (lostUuids.length > 0) expect(named).toBe(true);
          return;
        }
        expect(lostUuids).toEqual([]);
        expect(messages.length).toBeGreaterThanOrEqual(intact.length - ownMessages.length);
        const isChainLink = typeof record.uuid === 'string';
        const mustBeNamed = change.kind === 'unparsable' || change.key === 'uuid' || (change.value !== null && isChainLink);
        if (mustBeNamed) expect(named).toBe(true);
      }), { seed: 1414, numRuns });
    });
  }
});
