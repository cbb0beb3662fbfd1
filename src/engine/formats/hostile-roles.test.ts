import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { ImportIssue, ImportResult } from './import-report';
import { isClearlyOwnList, type EntryShape } from './entry-shape';
import { readFixture } from './fixture-files.test-support';
import { kindedFixtures } from './hostile-roles.test-support';
import { importText } from './import-text';
import { EXEC_STREAM_TYPES } from './codex/codex-exec-stream';

/** Every role, type or class name some format defines: a corrupted field takes any value but these. */
const KNOWN_KINDS = new Set([
  'system', 'developer', 'user', 'assistant', 'tool', 'function', 'model', 'gemini', 'info', 'error', 'warning',
  'human', 'ai', 'chat', 'remove', 'constructor', ...EXEC_STREAM_TYPES,
]);

/** A damaged role or type: an unknown string, a number, an object or null. */
const damagedKind = fc.oneof(
  fc.string({ maxLength: 12 }).filter((text) => !KNOWN_KINDS.has(text.toLowerCase().replace(/messagechunk$/, ''))),
  fc.integer(),
  fc.constant({}),
  fc.record({ name: fc.string({ maxLength: 6 }) }),
  fc.constant(null),
);

function allIssues(result: ImportResult): ImportIssue[] {
  return [...result.report.errors, ...result.report.warnings];
}

/** Message ids per run, the system prompt first, each with the index or line of the entry it came from. */
function messagesBySource(result: ImportResult): { id: string; index?: number; line?: number }[][] {
  return result.transcripts.map((transcript) =>
    [...(transcript.system ? [transcript.system] : []), ...transcript.messages].map((message) => ({ id: message.id, ...message.sourceRef })),
  );
}

function importFile(text: string): ImportResult {
  return importText(text, { fileName: 'damaged' });
}

describe('a damaged role or type costs only its entry, in every format keyed by one (issue 14 item 4)', () => {
  it.each([
    ['hand-written/openai-chat__weather-agent.json', 'role', 9, 'messages[5].role'],
    ['hand-written/anthropic__refactor-session.json', 'role', 10, 'messages[4].role'],
    ['hand-written/gemini-contents__repo-audit.json', 'role', 7, 'contents[2].role'],
    ['hand-written/langchain__messages-to-dict.json', 'type', 9, '[5].type'],
    ['gemini-cli__session-01.json', 'type', 1, 'messages[1].type'],
  ])('%s with "robot" as the middle entry’s %s keeps the other %i messages and names %s', (name, field, kept, path) => {
    const root = JSON.parse(readFixture(name)) as Record<string, unknown> | Record<string, unknown>[];
    const list = (Array.isArray(root) ? root : (root.messages ?? root.contents)) as Record<string, unknown>[];
    list[Math.floor(list.length / 2)][field] = 'robot';
    const result = importFile(JSON.stringify(root));
    expect(result.report.format).not.toBeNull();
    const transcript = result.transcripts[0];
    expect(transcript.messages.length + (transcript.system ? 1 : 0)).toBe(kept);
    expect(result.report.errors).toEqual([{ message: expect.stringMatching(new RegExp(`^${field} is "robot", not .*; (message|content) skipped$`)), path }]);
  });

  it('a multi-run JSONL keeps every run when one run holds a message whose role is an object', () => {
    const lines = readFixture('hand-written/openai-chat__finetune-runs.jsonl').split('\n');
    const run = JSON.parse(lines[3]) as { messages: Record<string, unknown>[] };
    run.messages[1].role = {};
    lines[3] = JSON.stringify(run);
    const result = importFile(lines.join('\n'));
    expect(result.transcripts.map((transcript) => [transcript.source.runLabel, transcript.messages.length + (transcript.system ? 1 : 0)])).toEqual([
      ['line 1', 5], ['line 2', 4], ['line 4', 2],
    ]);
    expect(result.report.errors).toContainEqual({ message: 'role is an object, not a Chat Completions role; message skipped', path: 'messages[1].role', line: 4 });
  });

  it('a Codex exec stream keeps its events when one event’s type is an object', () => {
    const lines = readFixture('hand-written/codex-exec-stream.jsonl').split('\n');
    lines[2] = lines[2].replace('"type":"item.completed"', '"type":{}');
    const result = importFile(lines.join('\n'));
    expect(result.report.format).toBe('codex');
    expect(result.transcripts[0].messages.map((message) => message.id)).toEqual([
      'item_1', 'item_1-output', 'item_2', 'item_2-output', 'item_3', 'item_3-output', 'item_4', 'item_4-output', 'item_5',
    ]);
    expect(result.report.warnings).toContainEqual({ message: '1 event(s) whose type is an object skipped (first at line 3).', line: 3 });
  });
});

describe('property: one damaged role or type in any fixture of these formats costs that entry and is named', () => {
  const fixtures = kindedFixtures();

  it('finds a fixture of every role- or type-keyed format', () => {
    expect(fixtures.map((fixture) => fixture.name).sort()).toEqual([
      'gemini-cli__session-01.json',
      'hand-written/anthropic__refactor-session.json',
      'hand-written/codex-exec-stream.jsonl',
      'hand-written/gemini-contents__repo-audit.json',
      'hand-written/langchain__langsmith-run.json',
      'hand-written/langchain__messages-to-dict.json',
      'hand-written/openai-chat__finetune-runs.jsonl',
      'hand-written/openai-chat__weather-agent.json',
    ]);
  });

  for (const fixture of fixtures) {
    it(`${fixture.name}: the file imports as before, less the damaged ${fixture.field}'s entry, and the issue names it`, () => {
      const original = importFile(readFixture(fixture.name));
      fc.assert(
        fc.property(fc.nat({ max: fixture.entryCount - 1 }), damagedKind, (entryIndex, value) => {
          const damaged = importFile(fixture.withField(entryIndex, value));
          // Oracle: the entry replaced by null, which every reader already skips alone.
          const skipped = importFile(fixture.withNullEntry(entryIndex));
          expect(damaged.report.format).toBe(original.report.format);
          expect(damaged.transcripts).toEqual(skipped.transcripts);
          expect(damaged.transcripts).toHaveLength(original.transcripts.length);
          const known = new Set(allIssues(original).map((issue) => JSON.stringify(issue)));
          const nullIssue = allIssues(skipped).find((issue) => !known.has(JSON.stringify(issue)) && issue.message.includes('skipped'));
          if (!nullIssue) throw new Error('the null entry was skipped without a word');
          const where = { ...(nullIssue.path === undefined ? {} : { path: `${nullIssue.path}.${fixture.field}` }), ...(nullIssue.line ? { line: nullIssue.line } : {}) };
          const own = allIssues(damaged).filter((issue) => issue.message.includes(fixture.field) && issue.message.includes('skipped') && issue.path === where.path && issue.line === where.line);
          expect(own).toHaveLength(1);
          // Whatever else the skip costs (a result left without its call) is said the same way as for a missing entry.
          expect(allIssues(damaged).filter((issue) => issue !== own[0])).toEqual(allIssues(skipped).filter((issue) => issue !== nullIssue));
          if (fixture.name.includes('codex')) return;
          // Every format but the exec stream (which groups events into turns) maps an entry to its own messages.
          const before = messagesBySource(original);
          const run = nullIssue.line === undefined ? 0 : original.transcripts.findIndex((transcript) => transcript.source.runLabel === `line ${nullIssue.line}`);
          const entryIndexInRun = Number(/\[(\d+)\]$/.exec(nullIssue.path ?? '')?.[1]);
          const expected = before.map((messages, index) => (index === run ? messages.filter((message) => message.index !== entryIndexInRun) : messages));
          expect(messagesBySource(damaged).map((messages) => messages.map((message) => message.id))).toEqual(expected.map((messages) => messages.map((message) => message.id)));
          expect(expected.flat().length).toBeLessThan(before.flat().length);
        }),
        { seed: 1490, numRuns: 100 },
      );
    });
  }
});

describe('detection on a clear majority of well-formed entries', () => {
  const chat = (role: unknown) => ({ role, content: 'x' });
  const shapeOf = (entry: Record<string, unknown>): EntryShape => (entry.kind === 'own' ? 'own' : entry.kind === 'damaged' ? 'damaged' : 'foreign');
  const list = (own: number, damaged: number, foreign = 0) => [
    ...Array.from({ length: own }, () => ({ kind: 'own' })),
    ...Array.from({ length: damaged }, () => ({ kind: 'damaged' })),
    ...Array.from({ length: foreign }, () => ({ kind: 'foreign' })),
  ];

  it('allows one damaged entry in a short list and one in three in a long one, never a foreign one or none of its own', () => {
    expect(isClearlyOwnList(list(1, 1), 50, shapeOf)).toBe(true);
    expect(isClearlyOwnList(list(1, 2), 50, shapeOf)).toBe(false);
    expect(isClearlyOwnList(list(7, 3), 50, shapeOf)).toBe(true);
    expect(isClearlyOwnList(list(6, 4), 50, shapeOf)).toBe(false);
    expect(isClearlyOwnList(list(0, 1), 50, shapeOf)).toBe(false);
    expect(isClearlyOwnList(list(9, 0, 1), 50, shapeOf)).toBe(false);
    expect(isClearlyOwnList([null, 7, 'x', ...list(1, 0)], 50, shapeOf)).toBe(true);
  });

  it('claims no arbitrary JSON, and no list whose roles are mostly foreign to chat', () => {
    const formatOf = (value: unknown) => importFile(JSON.stringify(value)).report.format;
    expect(formatOf({ name: 'app', version: '1.0.0', dependencies: { a: '1' } })).toBeNull();
    expect(formatOf([{ id: 1, name: 'a' }, { id: 2, name: 'b' }])).toBeNull();
    expect(formatOf([{ role: 'admin', name: 'a' }, { role: 'owner', name: 'b' }, { role: 'user', name: 'c' }])).toBeNull();
    expect(formatOf([chat('robot')])).toBeNull();
    expect(formatOf([chat('user'), chat('robot'), chat('bot'), chat('assistant'), chat(1), chat('assistant')])).toBeNull();
    expect(formatOf([chat('user'), chat('robot'), chat('assistant'), chat('user'), chat(null), chat('assistant')])).toBe('openai-chat');
  });

  it('still leaves a list with another format’s entry to no one (an Anthropic list holding a system role)', () => {
    const tool = { role: 'user', content: [{ type: 'tool_result', tool_use_id: 'a', content: 'x' }] };
    expect(importFile(JSON.stringify({ messages: [{ role: 'system', content: 'x' }, tool] })).report.format).toBeNull();
    expect(importFile(JSON.stringify({ messages: [{ role: 'robot', content: 'x' }, tool] })).report.format).toBe('anthropic-messages');
  });
});
