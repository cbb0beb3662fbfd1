import { describe, expect, it } from 'vitest';
import type { PassSnapshot, RunResult } from '../run/events';
import type { Fate } from '../transcript/fates';
import type { Block, Message, Origin, Role, Transcript } from '../transcript/model';
import { measureRetention } from './measure-retention';

function message(id: string, role: Role, blocks: Block[], origin: Origin = role === 'assistant' ? 'model' : role === 'tool' ? 'tool' : 'human'): Message {
  return { id, role, origin, blocks, sourceRef: {}, raw: null };
}
const text = (value: string): Block => ({ kind: 'text', text: value });

const source: Transcript = {
  id: 't',
  source: { format: 'plain-text' },
  markers: [],
  meta: {},
  messages: [
    message('u1', 'user', [text('Fix the login bug in src/auth/login.ts and never touch the billing module.')]),
    message('a1', 'assistant', [text('Running the tests.'), { kind: 'tool_call', callId: 'c1', name: 'Bash', args: { command: 'npm test' }, argsRaw: '{"command":"npm test"}' }]),
    message('t1', 'tool', [{ kind: 'tool_result', callId: 'c1', content: 'FAILED tests/login.test.ts - TypeError: token is undefined', isError: true }]),
    message('a2', 'assistant', [text('We decided to use JWT instead of sessions.')]),
  ],
};

function snapshot(pass: number, messages: Message[], fates: Record<string, Fate>, overrides: Partial<PassSnapshot> = {}): PassSnapshot {
  return {
    pass, tokensBefore: 1000, tokensAfter: 500, strategy: 'test', attempts: 1, ok: true, messages, fates,
    insertions: [], lint: { orphanResults: [], unansweredCalls: [], adjacencyBreaks: [] }, flags: [], durationMs: 1, ...overrides,
  };
}

function run(...passes: PassSnapshot[]): RunResult {
  const last = passes[passes.length - 1];
  return { profile: 'test', success: true, cancelled: false, tokensBefore: 1000, tokensAfter: last.tokensAfter, passes, summarizerCalls: 0, messages: last.messages };
}

const kept: Fate = { kind: 'kept' };
const summarized: Fate = { kind: 'summarized', summaryId: 's1' };
const [u1, , t1, a2] = source.messages;
const kinds = (result: RunResult, pinned: string[] = []) => measureRetention(source, result, pinned).map((pass) => pass.flags.map((flag) => flag.kind));

describe('loss flags', () => {
  it('flags inflation and a stall from the pass’s token counts, and nothing on a clean pass', () => {
    expect(kinds(run(snapshot(1, source.messages, {}, { tokensBefore: 1000, tokensAfter: 1200 })))).toEqual([['inflation']]);
    expect(kinds(run(snapshot(1, source.messages, {}, { tokensBefore: 1000, tokensAfter: 970 })))).toEqual([['stall']]);
    expect(kinds(run(snapshot(1, source.messages, {})))).toEqual([[]]);
  });

  it('flags tool pairs the pass broke, naming the call ids and the message holding them', () => {
    const broken = snapshot(1, [u1, t1, a2], { a1: { kind: 'dropped', reason: 'test' } }, { lint: { orphanResults: ['c1'], unansweredCalls: [], adjacencyBreaks: [] } });
    const [pass] = measureRetention(source, run(broken), []);
    expect(pass.flags).toEqual([expect.objectContaining({ kind: 'broken-tool-pairs', messageId: 't1', evidence: 'c1' })]);
  });

  it('flags a pinned line missing from the output', () => {
    expect(kinds(run(snapshot(1, source.messages, {})), ['Always run lint.'])).toEqual([['pinned-line-lost']]);
  });

  it('flags a summary longer than the messages it replaced, and its sentences with no support in the source', () => {
    const summaryText = [
      '## Progress',
      '**Turn Context (split turn):**',
      'The login test fails with TypeError: token is undefined.',
      'Quarterly revenue projections exceeded expectations across European subsidiaries.',
      '(none)',
      '## Next steps',
      'Fix the login bug in src/auth/login.ts, then run npm test again and keep the billing module untouched.',
    ].join('\n');
    const summary = message('s1', 'user', [text(summaryText)], 'summary');
    const pass = snapshot(1, [summary, a2], { u1: summarized, a1: summarized, t1: summarized, a2: kept }, { insertions: [{ id: 's1', kind: 'summary' }] });
    const [retention] = measureRetention(source, run(pass), []);
    expect(retention.flags.map((flag) => flag.kind)).toEqual(['summary-larger-than-source', 'unsupported-claim']);
    expect(retention.flags[1]).toMatchObject({ messageId: 's1', evidence: 'Quarterly revenue projections exceeded expectations across European subsidiaries.' });
  });

  it('does not call a quoted pinned line invented: the summarizer was told to copy it', () => {
    const pin = 'Deploy only through the staging pipeline after review.';
    const summary = message('s1', 'user', [text(`Fixing the login bug. "${pin}" (pinned from skill \`deploy\`)`)], 'summary');
    const pass = snapshot(1, [summary, a2], { u1: summarized, a1: summarized, t1: summarized, a2: kept }, { insertions: [{ id: 's1', kind: 'summary' }] });
    expect(kinds(run(pass), [pin])).toEqual([[]]);
    expect(kinds(run(pass), [])).toEqual([['unsupported-claim']]);
  });
});

describe('per-pass and cumulative retention', () => {
  it('counts in each pass only what it compacted, and everything compacted so far in the cumulative report', () => {
    const marker = message('m1', 'user', [text('[trimmed]')], 'summary');
    const first = snapshot(1, [marker, t1, a2], { u1: { kind: 'trimmed' }, a1: { kind: 'trimmed' }, t1: kept, a2: kept });
    const second = snapshot(2, [marker, a2], { u1: { kind: 'trimmed' }, a1: { kind: 'trimmed' }, t1: { kind: 'trimmed' }, a2: kept });
    const [one, two] = measureRetention(source, run(first, second), []);
    expect(one.perPass.lost.map((fact) => fact.sourceMessageId)).toEqual(expect.arrayContaining(['u1', 'a1']));
    expect(one.perPass.lost.every((fact) => fact.sourceMessageId !== 't1')).toBe(true);
    expect(two.perPass.lost.every((fact) => fact.sourceMessageId === 't1')).toBe(true);
    expect(two.perPass.byCategory.error).toEqual({ total: 1, kept: 0 });
    expect(two.cumulative.total).toBe(one.cumulative.total + two.perPass.total);
    expect(two.cumulative.byCategory.command).toEqual({ total: 1, kept: 0 });
    expect(two.cumulative.byCategory.request.total).toBeGreaterThan(0);
  });
});
