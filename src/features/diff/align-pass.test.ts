import { describe, expect, it } from 'vitest';
import type { PassSnapshot } from '../../engine';
import type { Fate, Insertion, Message, Role } from '../../engine/transcript';
import { alignPass, alignStates, isChange } from './align-pass';
import type { DiffState } from './diff-state';

function message(id: string, role: Role = 'user', text = id): Message {
  return { id, role, origin: role === 'assistant' ? 'model' : 'human', blocks: [{ kind: 'text', text }], sourceRef: {}, raw: null };
}

function snapshot(messages: Message[], fates: Record<string, Fate>, insertions: Insertion[] = []): PassSnapshot {
  return {
    pass: 1, tokensBefore: 0, tokensAfter: 0, strategy: 'test', attempts: 1, ok: true, messages, fates, insertions,
    lint: { orphanResults: [], unansweredCalls: [], adjacencyBreaks: [] }, flags: [], durationMs: 0,
  };
}

/** Each row as `fate:sourceIndex/outputIndex`, which reads like the table the view draws. */
function describeRows(rows: ReturnType<typeof alignPass>['rows']): string[] {
  return rows.map((row) => `${row.fate.kind === 'inserted' ? `inserted-${row.fate.insertion}` : row.fate.kind}:${row.sourceIndex ?? '-'}/${row.outputIndex ?? '-'}`);
}

const kept: Fate = { kind: 'kept' };

describe('alignPass', () => {
  it('pairs every message with itself when there is no pass (pass 0)', () => {
    const source = [message('a'), message('b', 'assistant')];
    const { rows, rowOfOutput } = alignPass(source, undefined);
    expect(describeRows(rows)).toEqual(['kept:0/0', 'kept:1/1']);
    expect([...rowOfOutput]).toEqual([0, 1]);
  });

  it('puts a summary where the first message it replaced was, lists what it replaced, and the carrier at its output spot', () => {
    const source = ['a', 'b', 'c', 'd', 'e'].map((id) => message(id));
    const summarized: Fate = { kind: 'summarized', summaryId: 'S' };
    const output = [message('S'), message('P'), source[3], source[4]];
    const result = alignPass(source, snapshot(output, { a: summarized, b: summarized, c: summarized, d: kept, e: kept }, [{ id: 'S', kind: 'summary' }, { id: 'P', kind: 'pinned-carrier' }]));
    expect(describeRows(result.rows)).toEqual(['inserted-summary:-/0', 'summarized:0/-', 'summarized:1/-', 'summarized:2/-', 'inserted-pinned-carrier:-/1', 'kept:3/2', 'kept:4/3']);
    expect(result.rows[0].replaced).toEqual([0, 1, 2]);
    expect([...result.rowOfSource]).toEqual([1, 2, 3, 5, 6]);
    expect([...result.rowOfOutput]).toEqual([0, 4, 5, 6]);
  });

  it('places a summary that replaced a middle span at that span, not at the top', () => {
    const source = ['a', 'b', 'c', 'd'].map((id) => message(id));
    const summarized: Fate = { kind: 'summarized', summaryId: 'S' };
    const output = [source[0], message('S'), source[3]];
    const { rows } = alignPass(source, snapshot(output, { a: kept, b: summarized, c: summarized, d: kept }, [{ id: 'S', kind: 'summary' }]));
    expect(describeRows(rows)).toEqual(['kept:0/0', 'inserted-summary:-/1', 'summarized:1/-', 'summarized:2/-', 'kept:3/2']);
  });

  it('keeps trimmed and dropped messages as rows with no output, markers where the output has them, reasons attached', () => {
    const source = [message('a'), message('b', 'assistant'), message('c', 'tool'), message('d', 'assistant')];
    const repairedC = { ...source[2], blocks: [{ kind: 'text' as const, text: 'c repaired' }] };
    const output = [message('M'), repairedC, message('N'), source[3], message('X')];
    const fates: Record<string, Fate> = { a: { kind: 'trimmed' }, b: { kind: 'dropped', reason: 'orphan' }, c: { kind: 'repaired', reason: 'moved' }, d: kept };
    const { rows } = alignPass(source, snapshot(output, fates, [{ id: 'M', kind: 'marker' }, { id: 'N', kind: 'marker' }]));
    // X has no insertion record: it is still shown (as a marker) rather than silently lost.
    expect(describeRows(rows)).toEqual(['trimmed:0/-', 'dropped:1/-', 'inserted-marker:-/0', 'repaired:2/1', 'inserted-marker:-/2', 'kept:3/3', 'inserted-marker:-/4']);
    expect(rows[1].fate).toEqual({ kind: 'dropped', reason: 'orphan' });
  });

  it('keeps source order when the output moved a message, pairing by id', () => {
    const source = [message('a'), message('b'), message('c')];
    const output = [source[0], source[2], source[1]];
    const { rows } = alignPass(source, snapshot(output, { a: kept, b: kept, c: { kind: 'repaired', reason: 'moved next to its call' } }));
    expect(describeRows(rows)).toEqual(['kept:0/0', 'kept:1/2', 'repaired:2/1']);
  });

  it('falls back when a fate is missing: kept if still in the output, dropped otherwise', () => {
    const source = [message('a'), message('b')];
    const { rows } = alignPass(source, snapshot([source[0]], {}));
    expect(rows.map((row) => row.fate.kind)).toEqual(['kept', 'dropped']);
  });

  it('carries microcompacted sizes and marks only non-kept rows as changes', () => {
    const source = [message('a'), message('b')];
    const { rows } = alignPass(source, snapshot(source, { a: kept, b: { kind: 'microcompacted', charsBefore: 900, charsAfter: 40 } }));
    expect(rows[1].fate).toEqual({ kind: 'microcompacted', charsBefore: 900, charsAfter: 40 });
    expect(rows.map(isChange)).toEqual([false, true]);
  });

  it('aligns 10,000 messages with every source message exactly once', () => {
    const source = Array.from({ length: 10_000 }, (_, index) => message(`m${index}`));
    const summarized: Fate = { kind: 'summarized', summaryId: 'S' };
    const fates = Object.fromEntries(source.map((item, index) => [item.id, index < 9_000 ? summarized : kept]));
    const { rows } = alignPass(source, snapshot([message('S'), ...source.slice(9_000)], fates, [{ id: 'S', kind: 'summary' }]));
    expect(rows).toHaveLength(10_001);
    expect(rows.filter((row) => row.sourceIndex !== undefined).map((row) => row.sourceIndex)).toEqual([...Array(10_000).keys()]);
    expect(rows[0].replaced).toHaveLength(9_000);
  });
});

describe('alignStates with an earlier pass on the left', () => {
  const source = ['a', 'b', 'c', 'd', 'e'].map((id) => message(id));
  const earlier: DiffState = {
    messages: [message('S1'), source[2], source[3], source[4]],
    fates: { a: { kind: 'summarized', summaryId: 'S1' }, b: { kind: 'summarized', summaryId: 'S1' }, c: kept, d: { kind: 'microcompacted', charsBefore: 900, charsAfter: 400 }, e: kept },
    insertions: new Map([['S1', 'summary']]),
  };

  it('badges only what the later pass did: kept as the earlier left it, the earlier summary folded into the new one, a tool output shortened again from its earlier length', () => {
    const later: DiffState = {
      messages: [message('S2'), source[3], source[4]],
      fates: { a: { kind: 'summarized', summaryId: 'S2' }, b: { kind: 'summarized', summaryId: 'S2' }, c: { kind: 'summarized', summaryId: 'S2' }, d: { kind: 'microcompacted', charsBefore: 900, charsAfter: 40 }, e: kept },
      insertions: new Map([['S1', 'summary'], ['S2', 'summary']]),
    };
    const { rows } = alignStates(earlier, later);
    expect(describeRows(rows)).toEqual(['inserted-summary:-/0', 'summarized:0/-', 'summarized:1/-', 'microcompacted:2/1', 'kept:3/2']);
    expect(rows[0].replaced).toEqual([0, 1]);
    expect(rows[3].fate).toEqual({ kind: 'microcompacted', charsBefore: 400, charsAfter: 40 });
  });

  it('calls a state compared with itself kept throughout', () => {
    expect(describeRows(alignStates(earlier, earlier).rows)).toEqual(['kept:0/0', 'kept:1/1', 'kept:2/2', 'kept:3/3']);
  });
});
