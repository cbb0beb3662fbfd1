import { describe, expect, it } from 'vitest';
import type { PassSnapshot, RunResult } from '../run/events';
import type { Fate } from '../transcript/fates';
import type { Block, Message, Origin, Role, Transcript } from '../transcript/model';
import { measureRetention } from './measure-retention';

function message(id: string, role: Role, blocks: Block[], origin: Origin = role === 'assistant' ? 'model' : role === 'tool' ? 'tool' : 'human'): Message {
  return { id, role, origin, blocks, sourceRef: {}, raw: null };
}
const text = (value: string): Block => ({ kind: 'text', text: value });
const call = (callId: string, name: string, args: Record<string, unknown>): Block => ({ kind: 'tool_call', callId, name, args, argsRaw: JSON.stringify(args) });
const result = (callId: string, content: string): Block => ({ kind: 'tool_result', callId, content, isError: false });

// The first four messages are compacted; the last three come after them and are kept verbatim. The later ones use
// four facts of the compacted part again: `computeTotals`, `applyDiscount`, src/billing/invoice.ts and
// `npm test -- invoice`. src/billing/discount.ts is never used again; docs/crash-report.md only by a tool's output.
const source: Transcript = {
  id: 't',
  source: { format: 'plain-text' },
  markers: [],
  meta: {},
  messages: [
    message('u1', 'user', [text('Fix the crash in src/billing/invoice.ts; the report lives in docs/crash-report.md.')]),
    message('a1', 'assistant', [text('The crash comes from `computeTotals`.'), call('c1', 'Bash', { command: 'npm test -- invoice' })]),
    message('t1', 'tool', [result('c1', 'FAIL src/billing/invoice.test.ts')]),
    message('a2', 'assistant', [text('Checking `applyDiscount` in src/billing/discount.ts, called from src/billing/invoice.ts.')]),
    message('u2', 'user', [text('Keep going: computeTotals first, then applyDiscount.')]),
    message('a3', 'assistant', [text('Editing it, then npm test -- invoice.'), call('c2', 'Edit', { file_path: 'src/billing/invoice.ts', old_string: 'a', new_string: 'b' })]),
    message('t3', 'tool', [result('c2', 'Edited; see docs/crash-report.md')]),
  ],
};
const [u1, , , , u2, a3, t3] = source.messages;
const summarized: Fate = { kind: 'summarized', summaryId: 's1' };
const kept: Fate = { kind: 'kept' };

function runWith(messages: Message[], fates: Record<string, Fate>): RunResult {
  const pass: PassSnapshot = {
    pass: 1, tokensBefore: 1000, tokensAfter: 300, strategy: 'test', attempts: 1, ok: true, messages, fates,
    insertions: [{ id: 's1', kind: 'summary' }], lint: { orphanResults: [], unansweredCalls: [], adjacencyBreaks: [] }, flags: [], durationMs: 1,
  };
  return { profile: 'test', success: true, cancelled: false, tokensBefore: 1000, tokensAfter: 300, passes: [pass], summarizerCalls: 1, messages };
}
const summary = (value: string): Message => message('s1', 'user', [text(value)], 'summary');
const fatesFrom = (compacted: readonly string[]): Record<string, Fate> => Object.fromEntries(source.messages.map((each) => [each.id, compacted.includes(each.id) ? summarized : kept]));

describe('need-weighted retention of a pass', () => {
  it('weighs by what the later messages use, checked against the output without the later messages it keeps', () => {
    const output = [summary('Fixing computeTotals in src/billing/invoice.ts.'), u2, a3, t3];
    const [pass] = measureRetention(source, runWith(output, fatesFrom(['u1', 'a1', 't1', 'a2'])), []);
    // The later messages hold all four facts: counted against the whole output, the score would be 1.
    expect(pass.needWeighted).toMatchObject({ needed: 4, kept: 2, score: 0.5, nothingNeeded: false, laterFrom: 'u2', laterMessages: 3 });
    expect(pass.needWeighted?.lost.map((fact) => [fact.category, fact.text, fact.sourceMessageId, fact.usedAt])).toEqual([
      ['command', 'npm test -- invoice', 'a1', ['a3']],
      ['identifier', 'applyDiscount', 'a2', ['u2']],
    ]);
    expect(pass.needWeighted?.byCategory.path).toEqual({ total: 1, kept: 1 });
    expect(pass.needWeighted?.byCategory.identifier).toEqual({ total: 2, kept: 1 });
  });

  it('counts a message kept before the compacted part and the system prompt as held', () => {
    const withSystem: Transcript = { ...source, system: message('sys', 'system', [text('Tests run with npm test -- invoice.')], 'injected') };
    const output = [u1, summary('computeTotals and applyDiscount are suspects.'), u2, a3, t3];
    const [pass] = measureRetention(withSystem, runWith(output, fatesFrom(['a1', 't1', 'a2'])), []);
    // u1 is kept: it is neither compacted nor later, and it holds the path (a2's fact here); the system prompt the command.
    expect(pass.needWeighted).toMatchObject({ needed: 4, kept: 4, score: 1, lost: [], laterFrom: 'u2' });
    expect(measureRetention(source, runWith(output, fatesFrom(['a1', 't1', 'a2'])), [])[0].needWeighted).toMatchObject({ needed: 4, kept: 3 });
  });

  it('says nothing was needed when the later messages use none of the compacted part’s facts', () => {
    const quiet: Transcript = { ...source, messages: [...source.messages.slice(0, 4), message('u9', 'user', [text('Thanks, that is all.')])] };
    const output = [summary('Nothing.'), quiet.messages[4]];
    const [pass] = measureRetention(quiet, runWith(output, fatesFrom(['u1', 'a1', 't1', 'a2'])), []);
    expect(pass.needWeighted).toMatchObject({ needed: 0, kept: 0, score: 1, nothingNeeded: true, laterMessages: 1 });
  });

  it('is absent when nothing comes after the compacted part', () => {
    const [pass] = measureRetention(source, runWith([summary('Everything.')], fatesFrom(source.messages.map((each) => each.id))), []);
    expect(pass.needWeighted).toBeUndefined();
    expect(pass.cumulative.total).toBeGreaterThan(0);
  });
});
