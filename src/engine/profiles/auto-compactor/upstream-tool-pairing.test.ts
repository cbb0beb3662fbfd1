/**
 * Ports of upstream's test/agent/tool_pairing_test.dart (2122931d), run against the newest tool_pairing.dart rules
 * (0321a678, gh-1449: the note rides the last user message, a note of its own only when there is none). Where the
 * older test file expected a standalone note, the port says so and asserts the newest placement.
 *
 * Not ported (the behaviour is not this profile's):
 * - "isToolPairingProviderError (E5 signatures)", all three tests — classifying provider 400s for the agent loop's
 *   repair-and-retry; the lab replays transcripts and never sends the compacted request.
 * - The reported-orphan latch (orphanReportKey, gh-1449 AC6) — it spans requests and session resumes; a run repairs once.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { Block, Message } from '../../transcript/model';
import { canonicalToolCallId, repairToolPairingSeed, validateToolPairing, type PairingViolationKind } from './tool-pairing';

let counter = 0;
const make = (role: Message['role'], blocks: Block[]): Message => ({ id: `t${(counter += 1)}`, role, origin: role === 'assistant' ? 'model' : role === 'tool' ? 'tool' : 'human', blocks, sourceRef: {}, raw: null });
const call = (callId: string, name: string): Block => ({ kind: 'tool_call', callId, name, args: { x: 1 }, argsRaw: '{"x":1}' });
const assistant = (blocks: Block[]): Message => make('assistant', blocks);
const text = (value: string): Message => assistant([{ kind: 'text', text: value }]);
const result = (callId: string, name: string): Message => make('tool', [{ kind: 'tool_result', callId, name, content: 'ok', isError: false }]);
const user = (value: string): Message => make('user', [{ kind: 'text', text: value }]);
const kinds = (messages: readonly Message[]): PairingViolationKind[] => validateToolPairing(messages).map((violation) => violation.kind);
const resultIds = (messages: readonly Message[]): string[] => messages.flatMap((message) => message.blocks.flatMap((block) => (block.kind === 'tool_result' ? [block.callId] : [])));
const callIds = (messages: readonly Message[]): string[] => messages.flatMap((message) => message.blocks.flatMap((block) => (block.kind === 'tool_call' ? [block.callId] : [])));
const textOf = (message: Message): string => message.blocks.map((block) => (block.kind === 'text' ? block.text : '')).join('');
const repair = (messages: readonly Message[]): ReturnType<typeof repairToolPairingSeed> => repairToolPairingSeed(messages, 'p');

describe('validateToolPairing (tool_pairing_test.dart)', () => {
  it('P1: a clean transcript validates empty (mirrors "a clean transcript validates empty")', () => {
    expect(validateToolPairing([user('hi'), assistant([{ kind: 'text', text: 'working' }, call('c1', 'bash'), call('c2', 'read')]), result('c1', 'bash'), result('c2', 'read'), user('go on'), text('done')])).toEqual([]);
  });

  it('P2: whitespace user text and blockless assistants are wire-invisible', () => {
    expect(validateToolPairing([user('   '), assistant([]), assistant([call('c1', 'bash')]), result('c1', 'bash')])).toEqual([]);
  });

  it('P3: a leading orphan result is flagged (any position)', () => {
    expect(validateToolPairing([result('ghost', 'bash')])).toEqual([{ kind: 'orphaned-result', callId: 'ghost' }]);
  });

  it('P4: an orphan mid-context is flagged even inside a merged group', () => {
    expect(validateToolPairing([user('summary of earlier work'), result('bash_198', 'bash'), assistant([call('c1', 'read')]), result('c1', 'read')])).toEqual([{ kind: 'orphaned-result', callId: 'bash_198' }]);
  });

  it('P5: a steering user message between call and result is flagged', () => {
    expect(kinds([assistant([call('c1', 'bash')]), user('steering question'), result('c1', 'bash')])).toContain('interleaved-result');
  });

  it('P6: a steering message between two results of one batch is flagged', () => {
    expect(kinds([assistant([call('c1', 'bash'), call('c2', 'read')]), result('c1', 'bash'), user('steering'), result('c2', 'read')])).toContain('interleaved-result');
  });

  it('P7: an unanswered trailing call is flagged', () => {
    expect(validateToolPairing([assistant([call('c1', 'bash')])])).toEqual([{ kind: 'unanswered-call', callId: 'c1' }]);
  });

  it('P8: duplicate ids across calls and results are flagged', () => {
    const found = kinds([assistant([call('c1', 'bash')]), result('c1', 'bash'), assistant([call('c1', 'bash')]), result('c1', 'bash'), result('c1', 'bash')]);
    expect(found).toEqual(expect.arrayContaining(['duplicate-call-id', 'duplicate-result']));
  });
});

describe('repairToolPairing — orphaned results (UT-repair)', () => {
  it('P9: a valid list comes back unchanged with nothing reported', () => {
    const messages = [user('hi'), assistant([call('c1', 'bash')]), result('c1', 'bash')];
    const repaired = repair(messages);
    expect(repaired.messages).toEqual(messages);
    expect(repaired.messages.every((message, index) => message === messages[index])).toBe(true);
    expect(repaired.fates.size + repaired.insertions.length).toBe(0);
  });

  it('P10: E1 — an orphan as the only message becomes the note (no user message to carry it)', () => {
    const repaired = repair([result('bash', 'bash')]);
    expect(repaired.messages).toHaveLength(1);
    expect(repaired.messages[0].role).toBe('user');
    expect(textOf(repaired.messages[0])).toMatch(/^\[context note: .*"bash" \(call bash\)/);
    expect(validateToolPairing(repaired.messages)).toEqual([]);
  });

  it('P11: production shape — an orphan after a summary user message; the note rides that message (the older test expected a second message)', () => {
    const messages = [user('summary of earlier work'), result('bash_198', 'bash')];
    const repaired = repair(messages);
    expect(repaired.messages).toHaveLength(1);
    expect(repaired.messages[0].id).toBe(messages[0].id);
    expect(repaired.messages[0].blocks[0]).toBe(messages[0].blocks[0]);
    expect(textOf(repaired.messages[0])).toContain('bash_198');
    expect(validateToolPairing(repaired.messages)).toEqual([]);
    expect(messages).toHaveLength(2);
  });

  it('P12: middle position — orphan dropped, the rest untouched, the note on the last user message (the older test expected it appended)', () => {
    const messages = [user('hi'), assistant([call('c1', 'bash')]), result('c1', 'bash'), result('ghost', 'read'), user('go on')];
    const repaired = repair(messages);
    expect(repaired.messages).toHaveLength(4);
    expect(repaired.messages.slice(0, 3)).toEqual(messages.slice(0, 3));
    expect(repaired.messages[3].id).toBe(messages[4].id);
    expect(textOf(repaired.messages[3])).toContain('"read"');
    expect(validateToolPairing(repaired.messages)).toEqual([]);
  });

  it('P13: second block of a merged group — orphan dropped, the real result kept, the missing one synthesized', () => {
    const repaired = repair([assistant([call('c1', 'bash'), call('c2', 'read')]), result('c1', 'bash'), result('ghost', 'read')]);
    expect(resultIds(repaired.messages)).toEqual(['c1', 'c2']);
    expect(validateToolPairing(repaired.messages)).toEqual([]);
  });

  it('P14: E2 — multiple orphans repaired in one pass with one note', () => {
    const repaired = repair([result('ghost1', 'bash'), user('hi'), assistant([call('c1', 'read')]), result('c1', 'read'), result('ghost2', 'write')]);
    const notes = repaired.messages.flatMap((message) => message.blocks).filter((block) => block.kind === 'text' && block.text.startsWith('[context note:'));
    expect(notes).toHaveLength(1);
    expect(notes[0]).toMatchObject({ text: expect.stringContaining('"bash"') });
    expect(notes[0]).toMatchObject({ text: expect.stringContaining('"write"') });
    expect(validateToolPairing(repaired.messages)).toEqual([]);
  });

  it('P15: repair is idempotent', () => {
    const first = repair([user('hi'), assistant([call('c1', 'bash')]), result('ghost', 'bash')]);
    const second = repair(first.messages);
    expect(second.messages).toEqual(first.messages);
    expect(second.fates.size + second.insertions.length).toBe(0);
  });
});

describe('repairToolPairing — steering interleave, duplicate ids, unanswered calls', () => {
  it('P16: a user message between call and result is hoisted after the result', () => {
    const steering = user('steering question');
    const repaired = repair([user('hi'), assistant([call('c1', 'bash')]), steering, result('c1', 'bash')]);
    expect(repaired.messages.map((message) => message.role)).toEqual(['user', 'assistant', 'tool', 'user']);
    expect(repaired.messages[3]).toBe(steering);
    expect(validateToolPairing(repaired.messages)).toEqual([]);
  });

  it('P17: a user message between two results of one batch is hoisted', () => {
    const steering = user('steering');
    const repaired = repair([assistant([call('c1', 'bash'), call('c2', 'read')]), result('c1', 'bash'), steering, result('c2', 'read')]);
    expect(resultIds(repaired.messages)).toEqual(['c1', 'c2']);
    expect(repaired.messages.at(-1)).toBe(steering);
    expect(validateToolPairing(repaired.messages)).toEqual([]);
  });

  it('P18: UT-dupes — later occurrences are uniquified symmetrically', () => {
    const repaired = repair([assistant([call('c1', 'bash')]), result('c1', 'bash'), assistant([call('c1', 'bash')]), result('c1', 'bash')]);
    expect(validateToolPairing(repaired.messages)).toEqual([]);
    expect(callIds(repaired.messages)).toEqual(['c1', 'c1_2']);
    expect(resultIds(repaired.messages)).toEqual(['c1', 'c1_2']);
  });

  it('P19: renames skip ids already in use', () => {
    const repaired = repair([assistant([call('c1', 'bash')]), result('c1', 'bash'), assistant([call('c1_2', 'read')]), result('c1_2', 'read'), assistant([call('c1', 'bash')]), result('c1', 'bash')]);
    expect(validateToolPairing(repaired.messages)).toEqual([]);
    expect(callIds(repaired.messages)).toEqual(['c1', 'c1_2', 'c1_3']);
  });

  it('P20: a call without its result gets the synthetic interrupted result, named after its tool', () => {
    const repaired = repair([user('hi'), assistant([call('c1', 'bash')])]);
    expect(repaired.messages[2].blocks).toEqual([{ kind: 'tool_result', callId: 'c1', name: 'bash', content: expect.stringContaining('"bash"'), isError: true }]);
    expect(repaired.insertions).toEqual([{ id: 'p-interrupted-c1', kind: 'marker' }]);
    expect(validateToolPairing(repaired.messages)).toEqual([]);
  });
});

describe('canonical wire-form ids (PR #93 wire-view)', () => {
  it('P21: canonicalToolCallId mirrors the adapters', () => {
    expect(canonicalToolCallId('call.1')).toBe('call_1');
    expect(canonicalToolCallId('call 1')).toBe('call_1');
    expect(canonicalToolCallId('call-OK_9')).toBe('call-OK_9');
    expect(canonicalToolCallId('c'.repeat(50))).toBe('c'.repeat(40));
  });

  it('P22: raw ids that collapse to one wire id validate as duplicates', () => {
    const found = kinds([assistant([call('call.1', 'bash')]), result('call.1', 'bash'), user('next turn'), assistant([call('call_1', 'bash')]), result('call_1', 'bash')]);
    expect(found).toEqual(expect.arrayContaining(['duplicate-call-id', 'duplicate-result']));
  });

  it('P23: canonical collisions repair symmetrically to distinct wire ids; the input keeps its raw ids', () => {
    const messages = [assistant([call('call.1', 'bash')]), result('call.1', 'bash'), assistant([call('call_1', 'bash')]), result('call_1', 'bash')];
    const repaired = repair(messages);
    expect(validateToolPairing(repaired.messages)).toEqual([]);
    expect(resultIds(repaired.messages).map(canonicalToolCallId)).toEqual(['call_1', 'call_1_2']);
    expect(resultIds(messages)).toEqual(['call.1', 'call_1']);
  });

  it('P24: ids colliding past the 40-char wire cap still rename uniquely', () => {
    const long1 = `${'a'.repeat(45)}1`;
    const long2 = `${'a'.repeat(45)}2`;
    const repaired = repair([assistant([call(long1, 'bash')]), result(long1, 'bash'), assistant([call(long2, 'bash')]), result(long2, 'bash')]);
    expect(validateToolPairing(repaired.messages)).toEqual([]);
    expect(new Set(resultIds(repaired.messages).map(canonicalToolCallId)).size).toBe(2);
  });

  it('P25: a canonical message holding two results stays whole when both answer one call message, and is split when they do not', () => {
    const pair = make('tool', [{ kind: 'tool_result', callId: 'c1', content: 'a', isError: false }, { kind: 'tool_result', callId: 'c2', content: 'b', isError: false }]);
    const together = [assistant([call('c1', 'bash'), call('c2', 'read')]), user('steer'), pair];
    const repaired = repair(together);
    expect(repaired.messages.map((message) => message.id)).toEqual([together[0].id, pair.id, together[1].id]);
    expect(repaired.messages[1]).toBe(pair);
    const apart = [assistant([call('c1', 'bash')]), user('between'), assistant([call('c2', 'read')]), pair];
    const split = repair(apart);
    expect(validateToolPairing(split.messages)).toEqual([]);
    expect(split.messages.map((message) => message.id)).toEqual([apart[0].id, pair.id, apart[1].id, apart[2].id, `${pair.id}-results-2`]);
  });
});

describe('property: every cut of a random transcript repairs to a valid context (UT-property)', () => {
  // The upstream generator: per-run position ids (c0, c1, … restart every batch, the production duplicate source),
  // missing results, steering messages and stray orphans interleaved.
  const batch = fc.record({
    hasText: fc.boolean(),
    calls: fc.array(fc.record({ hasResult: fc.double({ min: 0, max: 1, noNaN: true }).map((value) => value < 0.85), steerAfter: fc.double({ min: 0, max: 1, noNaN: true }).map((value) => value < 0.15) }), { minLength: 1, maxLength: 3 }),
    ghost: fc.double({ min: 0, max: 1, noNaN: true }).map((value) => value < 0.2),
    userAfter: fc.double({ min: 0, max: 1, noNaN: true }).map((value) => value < 0.3),
  });
  const transcript = fc.array(batch, { minLength: 4, maxLength: 4 }).map((batches) =>
    batches.flatMap((spec, index) => [
      assistant([...(spec.hasText ? [{ kind: 'text' as const, text: `batch ${index}` }] : []), ...spec.calls.map((_, slot) => call(`c${slot}`, 'bash'))]),
      ...spec.calls.flatMap((slot, position) => [...(slot.hasResult ? [result(`c${position}`, 'bash')] : []), ...(slot.steerAfter ? [user(`steer ${index}/${position}`)] : [])]),
      ...(spec.ghost ? [result(`ghost${index}`, 'read')] : []),
      ...(spec.userAfter ? [user(`user ${index}`)] : []),
    ]),
  );

  it('P26: every legal cut position yields a context passing the invariant, and whole-transcript repair is idempotent', () => {
    fc.assert(
      fc.property(transcript, (messages) => {
        for (let cut = 0; cut <= messages.length; cut++) expect(validateToolPairing(repair(messages.slice(cut)).messages)).toEqual([]);
        const once = repair(messages);
        const twice = repair(once.messages);
        expect(twice.messages).toEqual(once.messages);
        expect(twice.fates.size + twice.insertions.length).toBe(0);
      }),
      { seed: 85, numRuns: 150 },
    );
  });
});
