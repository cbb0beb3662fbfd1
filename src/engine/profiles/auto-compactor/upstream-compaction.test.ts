/**
 * Ports of upstream's compaction tests: test/compaction/compaction_test.dart, summary_test.dart,
 * compaction_session_test.dart and memory_hook_test.dart. Where upstream calls `generateSummary` or
 * `CompactionManager.compact` directly, the port calls `compactSession` (our one summarization attempt); where it
 * drives a Session, the port drives the profile (the projected list is our session).
 *
 * Not ported (the behaviour is not this profile's, or cannot be expressed on a canonical transcript):
 * - summary_test.dart "streamFunctionSummarizer" (all six tests: text join, error and aborted stop reasons, a throwing
 *   stream, cache routing, plain closures) — the provider adapter; ours is src/providers/live and has its own tests.
 * - summary_test.dart "custom and branch summary records project into the summary" and compaction_test.dart's
 *   branch/custom cut-point records as transcript input — canonical transcripts have no such records; the cut-point
 *   rules for them are ported on `CutEntry` (P45, P46).
 * - summary_test.dart "orphaned previous firstKeptEntryId falls back past the compaction" — our previous summary opens
 *   the projected list and its kept messages follow it; there is no entry id to lose.
 * - The phrase halves of compaction_test.dart "summary prompts" ("You are a context checkpoint assistant.",
 *   "Preserve exact file paths, function names, and error messages.", "PRESERVE all existing information",
 *   "PREFIX of a turn") — our defaults are paraphrases (see the upstream deviations); P56–P59 keep the structural halves.
 * - memory_hook_test.dart asserts a constructor field; P82 checks the behaviour behind it instead.
 */
import { describe, expect, it } from 'vitest';
import { FakeClock } from '../../run/fake-clock.test-support';
import { scriptedSummarizer, type ScriptStep } from '../../run/scripted-summarizer.test-support';
import { piMessageTokenEstimate } from '../../tokens/estimate';
import type { Block, Message } from '../../transcript/model';
import { autoCompactorDefaults } from './auto-compactor-config';
import { message, runWith, textOf } from './auto-compactor.test-support';
import { compactSession } from './compact-session';
import { findCutPoint, findTurnStartIndex, type CutEntry } from './cut-point';
import { defaultCompactionPrompts } from './default-prompts';
import { defaultCompactionSettings, forWindow, shouldCompact } from './gate';
import { prepareCompaction, projectSummary, type Preparation } from './prepare-compaction';
import { resolvePrompts } from './prompt-assembly';
import { extractFileOperations, formatFileTags, serializeConversation } from './serialization';
import { repairToolPairingSeed, validateToolPairing } from './tool-pairing';

const user = (text: string, id?: string): Message => message('user', [{ kind: 'text', text }], { id });
const assistant = (blocks: Block[], id?: string): Message => message('assistant', blocks, { id });
const said = (text: string, id?: string): Message => assistant([{ kind: 'text', text }], id);
const toolResult = (chars: number, callId = 'c1', id?: string): Message => message('tool', [{ kind: 'tool_result', callId, name: 'read', content: 'r'.repeat(chars), isError: false }], { id });
const callOf = (callId: string, chars: number, id?: string): Message => assistant([{ kind: 'text', text: 'b'.repeat(chars) }, { kind: 'tool_call', callId, name: 'bash', args: {}, argsRaw: '{}' }], id);

/** A CutEntry per message, as prepareCompaction builds them. */
const entry = (role: 'user' | 'assistant' | 'toolResult', chars: number): CutEntry => ({ kind: 'message', role, tokens: Math.ceil(chars / 4) });

function preparation(overrides: Partial<Preparation> = {}): Preparation {
  return { boundaryStart: 0, firstKeptIndex: 1, isSplitTurn: false, messagesToSummarize: [user('old')], turnPrefixMessages: [], kept: [], fileOperations: { readFiles: ['/a.dart'], modifiedFiles: ['/b.dart'] }, ...overrides };
}

async function summarize(prepared: Preparation, steps: ScriptStep[], options: { customInstructions?: string; signal?: AbortSignal } = {}) {
  const summarizer = scriptedSummarizer(steps, new FakeClock());
  const signal = options.signal ?? new AbortController().signal;
  const run = compactSession(prepared, { summarizer, role: 'main', prompts: resolvePrompts(), customInstructions: options.customInstructions, pinned: null, signal, onCall: () => undefined });
  return { run, summarizer };
}

describe('compaction_test.dart — settings and shouldCompact, forWindow', () => {
  it('P32: defaults match pi (reserve 16384, keep 20000, enabled)', () => {
    expect(defaultCompactionSettings).toEqual({ isEnabled: true, reserveTokens: 16384, keepRecentTokens: 20000 });
    expect(autoCompactorDefaults).toMatchObject({ reserveTokens: 16384, keepRecentTokens: 20000 });
  });

  it('P33: disabled settings never compact', () => {
    expect(shouldCompact(999999, 100000, { isEnabled: false, reserveTokens: 16384, keepRecentTokens: 20000 })).toBe(false);
  });

  it('P34: compacts only when tokens exceed window minus reserve (strictly)', () => {
    expect(shouldCompact(83616, 100000, defaultCompactionSettings)).toBe(false);
    expect(shouldCompact(83617, 100000, defaultCompactionSettings)).toBe(true);
  });

  it('P35: forWindow reproduces pi defaults at hosted-model windows', () => {
    for (const window of [100000, 128000, 200000]) expect(forWindow(window)).toEqual({ isEnabled: true, reserveTokens: 16384, keepRecentTokens: 20000 });
  });

  it('P36: forWindow scales to small on-device windows (quarter reserve, half keep)', () => {
    expect(forWindow(8192)).toMatchObject({ reserveTokens: 2048, keepRecentTokens: 4096 });
    expect(forWindow(4096)).toMatchObject({ reserveTokens: 1024, keepRecentTokens: 2048 });
    expect(forWindow(16384)).toMatchObject({ reserveTokens: 4096, keepRecentTokens: 8192 });
  });

  it('P37: degenerate tiny windows — reserve never eats half, keep never all', () => {
    expect(forWindow(2048)).toMatchObject({ reserveTokens: 512, keepRecentTokens: 1024 });
    expect(forWindow(1024)).toMatchObject({ reserveTokens: 256, keepRecentTokens: 512 });
    expect(forWindow(512)).toMatchObject({ reserveTokens: 128, keepRecentTokens: 256 });
  });

  it('P38: forWindow invariants hold across the whole range', () => {
    for (let window = 512; window <= 200000; window += 512) {
      const settings = forWindow(window);
      expect(settings.reserveTokens).toBeGreaterThan(0);
      expect(settings.reserveTokens).toBeLessThan(Math.trunc(window / 2));
      expect(settings.keepRecentTokens).toBeLessThan(window);
      expect(settings.reserveTokens).toBeLessThanOrEqual(settings.keepRecentTokens);
    }
  });
});

describe('compaction_test.dart — findCutPoint', () => {
  const u = entry('user', 401);
  const a = entry('assistant', 400);
  const r = entry('toolResult', 400);

  it('P39: keeps approximately keepRecentTokens, cutting on a user boundary', () => {
    expect(findCutPoint([u, a, u, a, u, a], 0, 6, 350)).toEqual({ firstKeptIndex: 2, turnStartIndex: -1, isSplitTurn: false });
  });

  it('P40: never cuts at a tool result', () => {
    expect(findCutPoint([u, a, r, u, a], 0, 5, 250)).toMatchObject({ firstKeptIndex: 3, isSplitTurn: false });
  });

  it('P41: split turn — the budget runs out mid-turn', () => {
    expect(findCutPoint([u, a, r, a], 0, 4, 150)).toEqual({ firstKeptIndex: 3, turnStartIndex: 0, isSplitTurn: true });
  });

  it('P42: pulls the cut back over non-message records', () => {
    expect(findCutPoint([u, { kind: 'other' }, u, a], 0, 4, 150).firstKeptIndex).toBe(1);
  });

  it('P43: no valid cut points keeps everything from startIndex', () => {
    expect(findCutPoint([r, r], 0, 2, 100)).toEqual({ firstKeptIndex: 0, turnStartIndex: -1, isSplitTurn: false });
  });

  it('P44: respects startIndex and endIndex bounds', () => {
    expect(findCutPoint([u, u, u, u], 1, 3, 500).firstKeptIndex).toBe(1);
  });

  it('P45: branch summary records are valid cut points', () => {
    expect(findCutPoint([u, { kind: 'branch-summary' }, u, a], 0, 4, 150).firstKeptIndex).toBe(1);
  });

  it('P46: branch summary and custom message records are turn starts', () => {
    const entries: CutEntry[] = [{ kind: 'branch-summary' }, { kind: 'custom-message' }, a];
    expect(findTurnStartIndex(entries, 2, 0)).toBe(1);
    expect(findTurnStartIndex(entries, 1, 0)).toBe(1);
    expect(findTurnStartIndex(entries, 0, 0)).toBe(0);
    expect(findTurnStartIndex([a], 0, 0)).toBe(-1);
  });
});

describe('compaction_test.dart — findCutPoint pairing boundaries (AC4, issue #85)', () => {
  const summaryMessage = (): Message => user('HISTORY SUMMARY', 'summary');
  const cutOf = (messages: readonly Message[], keep: number): number =>
    prepareCompaction(messages, { keepRecentTokens: keep, messageTokens: piMessageTokenEstimate, recordOf: () => undefined })!.firstKeptIndex;

  it('P47: across every budget the kept region never starts at a tool result, and the repair always restores a valid request', () => {
    const messages = [1, 2, 3].flatMap((turn) => [user(`u${turn}${'a'.repeat(400)}`), callOf(`c${turn}`, 400), toolResult(400, `c${turn}`)]);
    let checked = 0;
    for (let budget = 0; budget <= 1300; budget += 25) {
      const cut = cutOf(messages, budget);
      expect(messages[cut].role, `budget ${budget}`).not.toBe('tool');
      const rebuilt = [summaryMessage(), ...messages.slice(cut)];
      expect(validateToolPairing(repairToolPairingSeed(rebuilt, 'p').messages), `budget ${budget}`).toEqual([]);
      checked += 1;
    }
    expect(checked).toBeGreaterThan(20);
  });

  it('P48: a cut on steering text between call and result orphans the result — the repair drops it with a note', () => {
    const steer = user('steer!', 'steer');
    const messages = [user(`u1${'a'.repeat(400)}`), callOf('c1', 400), toolResult(400, 'c1'), user(`u2${'a'.repeat(400)}`), callOf('c2', 400), steer, toolResult(400, 'c2')];
    const cut = cutOf(messages, 101);
    expect(messages[cut].id).toBe('steer');
    const rebuilt = [summaryMessage(), ...messages.slice(cut)];
    expect(validateToolPairing(rebuilt)).toEqual([{ kind: 'orphaned-result', callId: 'c2' }]);
    const repaired = repairToolPairingSeed(rebuilt, 'p');
    expect(validateToolPairing(repaired.messages)).toEqual([]);
    expect(textOf(repaired.messages.at(-1)!)).toContain('context note');
  });
});

describe('compaction_test.dart — serialization, file operations, prompts', () => {
  it('P49: serializes user, assistant and tool result messages', () => {
    const text = serializeConversation([
      user('hello there'),
      assistant([{ kind: 'thinking', text: 'let me think' }, { kind: 'text', text: 'the answer' }, { kind: 'tool_call', callId: 'c1', name: 'read', args: { path: '/x', limit: 3 }, argsRaw: '' }]),
      toolResult(20),
    ]);
    expect(text).toContain('[User]: hello there');
    expect(text).toContain('[Assistant thinking]: let me think');
    expect(text).toContain('[Assistant]: the answer');
    expect(text).toContain('[Assistant tool calls]: read(path="/x", limit=3)');
    expect(text).toContain(`[Tool result]: ${'r'.repeat(20)}`);
  });

  it('P50: joins user text blocks and skips images', () => {
    expect(serializeConversation([message('user', [{ kind: 'text', text: 'part1' }, { kind: 'image', source: 'base64', mediaType: 'image/png' }, { kind: 'text', text: 'part2' }])])).toBe('[User]: part1part2');
  });

  it('P51: truncates tool results beyond 2000 chars (pi limit)', () => {
    const text = serializeConversation([toolResult(2500)]);
    expect(text).toContain('r'.repeat(2000));
    expect(text).toContain('[... 500 more characters truncated]');
    expect(text).not.toContain('r'.repeat(2001));
  });

  it('P52: extracts read/write/edit paths from assistant tool calls', () => {
    const call = (callId: string, name: string, args: Record<string, unknown>): Block => ({ kind: 'tool_call', callId, name, args, argsRaw: JSON.stringify(args) });
    const operations = extractFileOperations([assistant([call('1', 'read', { path: '/a.dart' }), call('2', 'write', { path: '/b.dart' }), call('3', 'edit', { path: '/c.dart' }), call('4', 'bash', { command: 'ls' }), call('5', 'read', {})])]);
    expect(operations).toEqual({ readFiles: ['/a.dart'], modifiedFiles: ['/b.dart', '/c.dart'] });
  });

  it('P53: ignores non-assistant messages', () => {
    expect(extractFileOperations([user('read /a.dart')])).toEqual({ readFiles: [], modifiedFiles: [] });
  });

  it('P54: splits read-only from modified, sorted', () => {
    const call = (name: string, path: string): Block => ({ kind: 'tool_call', callId: path, name, args: { path }, argsRaw: '' });
    const operations = extractFileOperations([assistant([call('read', '/z.dart'), call('read', '/a.dart'), call('read', '/b.dart'), call('write', '/b.dart'), call('edit', '/c.dart')])]);
    expect(operations).toEqual({ readFiles: ['/a.dart', '/z.dart'], modifiedFiles: ['/b.dart', '/c.dart'] });
  });

  it('P55: renders pi metadata tags', () => {
    expect(formatFileTags({ readFiles: [], modifiedFiles: [] })).toBe('');
    expect(formatFileTags({ readFiles: ['/a.dart'], modifiedFiles: ['/b.dart'] })).toBe('\n\n<read-files>\n/a.dart\n</read-files>\n\n<modified-files>\n/b.dart\n</modified-files>');
    expect(formatFileTags({ readFiles: ['/a.dart'], modifiedFiles: [] })).toContain('<read-files>');
    expect(formatFileTags({ readFiles: ['/a.dart'], modifiedFiles: [] })).not.toContain('<modified-files>');
  });

  it('P56: the system prompt forbids continuing the conversation (in our words)', () => {
    expect(defaultCompactionPrompts.summarySystem).toContain('Do not carry the conversation on');
    expect(defaultCompactionPrompts.summarySystem).toContain('do not answer any question asked in it');
  });

  it('P57: the structured prompt contains all pi sections', () => {
    for (const section of ['## Goal', '## Constraints & Preferences', '## Progress', '### Done', '### In Progress', '### Blocked', '## Key Decisions', '## Next Steps', '## Critical Context']) expect(defaultCompactionPrompts.summary).toContain(section);
  });

  it('P58: the update prompt references the previous checkpoint tags', () => {
    expect(defaultCompactionPrompts.summaryUpdate).toContain('<previous-checkpoint>');
  });

  it('P59: the turn prefix prompt describes the split turn', () => {
    expect(defaultCompactionPrompts.turnPrefix).toContain('## Original Request');
    expect(defaultCompactionPrompts.turnPrefix).toContain('START of a turn');
  });
});

describe('summary_test.dart — generateSummary and CompactionManager.compact (as compactSession)', () => {
  it('P60: builds the prompt — conversation tags, then the structured prompt', async () => {
    const { run, summarizer } = await summarize(preparation({ messagesToSummarize: [user('do the thing'), said('working on it')], fileOperations: { readFiles: [], modifiedFiles: [] } }), [{ text: 'SUMMARY' }]);
    expect((await run).summary).toBe('SUMMARY');
    const { prompt } = summarizer.requests[0];
    expect(prompt.startsWith('<conversation>\n')).toBe(true);
    expect(prompt).toContain('[User]: do the thing');
    expect(prompt).toContain('[Assistant]: working on it');
    expect(prompt).toContain('</conversation>');
    expect(prompt.endsWith(defaultCompactionPrompts.summary)).toBe(true);
  });

  it('P61: a previous summary switches to the update prompt (the newer tag, <previous-checkpoint>)', async () => {
    const { run, summarizer } = await summarize(preparation({ messagesToSummarize: [user('more work')], previousSummary: 'OLD SUMMARY' }), [{ text: 'UPDATED' }]);
    await run;
    expect(summarizer.requests[0].prompt).toContain('<previous-checkpoint>\nOLD SUMMARY\n</previous-checkpoint>');
    expect(summarizer.requests[0].prompt.endsWith(defaultCompactionPrompts.summaryUpdate)).toBe(true);
  });

  it('P62: custom instructions are appended as Additional focus', async () => {
    const { run, summarizer } = await summarize(preparation({ messagesToSummarize: [user('x')] }), [{ text: 'S' }], { customInstructions: 'focus on tests' });
    await run;
    expect(summarizer.requests[0].prompt.endsWith(`${defaultCompactionPrompts.summary}\n\nAdditional focus: focus on tests`)).toBe(true);
  });

  it('P63: an LLM failure throws (never swallowed), with its message', async () => {
    const { run } = await summarize(preparation(), [{ error: 'provider down' }]);
    await expect(run).rejects.toThrow('provider down');
  });

  it('P64: an aborted summarizer answer is not transient — no retry, the chain moves on', async () => {
    const messages = Array.from({ length: 12 }, (_, index) => user(`u${index}${'a'.repeat(400)}`));
    const { result, events, main } = await runWith(messages, { main: [{ error: 'Summarization aborted' }] });
    expect(main.requests).toHaveLength(1);
    expect(events.some((event) => event.type === 'attempt-retry')).toBe(false);
    expect(result.passes[0].fallback).toBe('local-trim');
  });

  it('P65: a throwing summarizer becomes a failed attempt carrying the thrown text', async () => {
    const { result } = await runWith([user('tiny')], { config: { force: true }, main: [{ error: 'boom' }] });
    expect(result.passes[0]).toMatchObject({ ok: false, error: { message: 'Error: boom', isRetryable: false } });
  });

  it('P66: the attempt\'s cancel signal is forwarded to the summarizer', async () => {
    const controller = new AbortController();
    const { run, summarizer } = await summarize(preparation(), [{ text: 'S' }], { signal: controller.signal });
    await run;
    expect(summarizer.requests[0].signal).toBe(controller.signal);
  });

  it('P67: a single summary plus file-operation metadata', async () => {
    const { run, summarizer } = await summarize(preparation(), [{ text: 'SUM' }]);
    const done = await run;
    expect(done.summary.startsWith('SUM')).toBe(true);
    expect(done.summary).toContain('<read-files>\n/a.dart\n</read-files>');
    expect(done.summary).toContain('<modified-files>\n/b.dart\n</modified-files>');
    expect(done.fileOperations).toEqual({ readFiles: ['/a.dart'], modifiedFiles: ['/b.dart'] });
    expect(summarizer.requests).toHaveLength(1);
  });

  it('P68: a split turn summarizes history and turn prefix separately', async () => {
    const { run, summarizer } = await summarize(preparation({ isSplitTurn: true, turnPrefixMessages: [user('prefix')] }), [{ text: 'HISTORY' }, { text: 'PREFIX' }]);
    expect((await run).summary.startsWith('HISTORY\n\n---\n\n**Turn Context (split turn):**\n\nPREFIX')).toBe(true);
    expect(summarizer.requests).toHaveLength(2);
    expect(summarizer.requests[1].prompt).toContain(defaultCompactionPrompts.turnPrefix);
  });

  it('P69: a split turn with empty history uses the pi placeholder', async () => {
    const { run, summarizer } = await summarize(preparation({ messagesToSummarize: [], isSplitTurn: true, turnPrefixMessages: [user('prefix')] }), [{ text: 'PREFIX' }]);
    expect((await run).summary.startsWith('No prior history.\n\n---\n\n**Turn Context (split turn):**')).toBe(true);
    expect(summarizer.requests).toHaveLength(1);
  });

  it('P70: a failure aborts the attempt — no partial summary', async () => {
    const { run } = await summarize(preparation({ isSplitTurn: true, turnPrefixMessages: [user('prefix')] }), [{ text: 'HISTORY' }, { error: 'down' }]);
    await expect(run).rejects.toThrow('down');
  });

  it('P71: the previous summary is threaded into the history prompt', async () => {
    const { run, summarizer } = await summarize(preparation({ previousSummary: 'EARLIER' }), [{ text: 'SUM' }]);
    await run;
    expect(summarizer.requests[0].prompt).toContain('EARLIER');
    expect(summarizer.requests[0].prompt).toContain('<previous-checkpoint>');
  });
});

describe('summary_test.dart — prepareCompaction', () => {
  const options = (keep: number, recordOf: (message: Message, index: number) => { summary: string; fileOperations: { readFiles: string[]; modifiedFiles: string[] } } | undefined = () => undefined) => ({ keepRecentTokens: keep, messageTokens: piMessageTokenEstimate, recordOf });

  it('P72: an empty path or a trailing compaction has nothing to prepare', () => {
    expect(prepareCompaction([], options(150))).toBeNull();
    const trailing = [user(`u${'a'.repeat(400)}`), message('user', [{ kind: 'text', text: projectSummary('s') }], { origin: 'summary' })];
    expect(prepareCompaction(trailing, options(150))).toBeNull();
  });

  it('P73: splits the path into summarized and kept regions', () => {
    const prepared = prepareCompaction([user(`u1${'a'.repeat(400)}`), said('b'.repeat(400)), user(`u3${'a'.repeat(400)}`, 'm3'), said('b'.repeat(400))], options(150))!;
    expect(prepared.kept[0].id).toBe('m3');
    expect(prepared).toMatchObject({ isSplitTurn: false, previousSummary: undefined });
    expect(prepared.messagesToSummarize).toHaveLength(2);
    expect(prepared.turnPrefixMessages).toEqual([]);
  });

  it('P74: a previous compaction seeds the summary and the boundary; file operations accumulate', () => {
    const messages = [message('user', [{ kind: 'text', text: projectSummary('FIRST SUMMARY') }], { id: 'c1', origin: 'summary' }), said('b'.repeat(400), 'm2'), said('b'.repeat(400), 'm2b'), user(`u3${'a'.repeat(400)}`, 'm3'), said('b'.repeat(400), 'm4')];
    const prepared = prepareCompaction(messages, options(150, (_, index) => (index === 0 ? { summary: 'FIRST SUMMARY', fileOperations: { readFiles: ['/old.dart'], modifiedFiles: [] } } : undefined)))!;
    expect(prepared.previousSummary).toBe('FIRST SUMMARY');
    expect(prepared.messagesToSummarize.map((summarized) => summarized.id)).toEqual(['m2', 'm2b']);
    expect(prepared.fileOperations.readFiles).toContain('/old.dart');
  });

  it('P75: a split-turn preparation collects the turn prefix messages', () => {
    const messages = [
      user(`u1${'a'.repeat(400)}`),
      said('b'.repeat(400)),
      user(`u3${'a'.repeat(400)}`),
      assistant([{ kind: 'text', text: 'thinking' }, { kind: 'tool_call', callId: 'c1', name: 'read', args: { path: '/x.dart' }, argsRaw: '' }]),
      toolResult(800),
      said('b'.repeat(400), 'm6'),
    ];
    const prepared = prepareCompaction(messages, options(150))!;
    expect(prepared.kept[0].id).toBe('m6');
    expect(prepared.isSplitTurn).toBe(true);
    expect(prepared.messagesToSummarize).toHaveLength(2);
    expect(prepared.turnPrefixMessages).toHaveLength(3);
    expect(prepared.fileOperations.readFiles).toContain('/x.dart');
  });
});

describe('compaction_session_test.dart and memory_hook_test.dart — through the profile', () => {
  const history = (): Message[] => [user(`u1${'a'.repeat(400)}`, 'u1'), said('b'.repeat(400), 'a1'), user(`u2${'a'.repeat(400)}`, 'u2'), said('b'.repeat(400), 'a2')];

  it('P76: a compaction rebuilds the context around its summary', async () => {
    const { result, main } = await runWith(history(), { config: { force: true }, main: [{ text: 'THE SUMMARY' }] });
    expect(result.passes[0].summary?.startsWith('THE SUMMARY')).toBe(true);
    expect(main.requests[0].prompt).toContain('u1');
    expect(main.requests[0].prompt).not.toContain('u2aaaa');
    expect(result.messages.map((kept) => kept.id)).toEqual(['auto-compactor-p1-summary', 'u2', 'a2']);
    expect(textOf(result.messages[0]).startsWith(projectSummary('').split('\n')[0])).toBe(true);
    expect(textOf(result.messages[0])).toContain('THE SUMMARY');
    expect(result.messages.map((kept) => kept.role)).toEqual(['user', 'user', 'assistant']);
  });

  it('P77: a summarization failure is failure-safe — the history is kept whole', async () => {
    const messages = history();
    const { result } = await runWith(messages, { config: { force: true, keepRecentTokens: 20000 }, main: [{ error: 'provider exploded' }] });
    expect(result.success).toBe(false);
    expect(result.messages).toEqual(messages);
  });

  it('P78: an empty session has nothing to compact', async () => {
    const { result, main } = await runWith([], { config: { force: true } });
    expect(main.requests).toHaveLength(0);
    expect(result.passes).toHaveLength(1);
    expect(result.passes[0].flags).toContain('no-work');
  });

  it('P79: a second compaction updates the previous summary, and only the latest one is in the context', async () => {
    const first = await runWith(history(), { config: { force: true }, main: [{ text: 'FIRST' }] });
    const grown = [...first.result.messages, user(`u3${'a'.repeat(400)}`), said('b'.repeat(400))];
    const second = await runWith(grown, { config: { force: true }, carryState: first.result.carryState, main: [{ text: 'SECOND' }] });
    expect(second.main.requests[0].prompt).toContain('<previous-checkpoint>\nFIRST\n</previous-checkpoint>');
    expect(textOf(second.result.messages[0])).toContain('SECOND');
    expect(second.result.messages.filter((kept) => textOf(kept).includes('FIRST'))).toEqual([]);
  });

  it('P80: the estimate anchors on provider usage when there is one (42000 + 101 + 100)', async () => {
    const messages = [user('hi'), message('assistant', [{ kind: 'text', text: 'hello' }], { usage: { inputTokens: 42000, outputTokens: 0, totalTokens: 42000 } }), user(`u${'a'.repeat(400)}`), said('b'.repeat(400))];
    const { result } = await runWith(messages, { config: { force: true }, main: [{ text: 'S' }] });
    expect(result.tokensBefore).toBe(42201);
  });

  it('P81: shouldCompact composed with the estimate of a session (402 tokens)', async () => {
    const { result } = await runWith(history(), { config: { window: 100000 } });
    expect(result.tokensBefore).toBe(402);
    expect(shouldCompact(402, 42000, defaultCompactionSettings)).toBe(false);
    expect(shouldCompact(402, 17000, defaultCompactionSettings)).toBe(false);
    expect(shouldCompact(402, 16500, defaultCompactionSettings)).toBe(true);
  });

  it('P82: the memory-extraction hook runs once per summary with the summarized text, and a run without one is unchanged', async () => {
    const texts: string[] = [];
    const withHook = await runWith(history(), { config: { force: true }, memoryExtractionHook: (text) => void texts.push(text) });
    const without = await runWith(history(), { config: { force: true } });
    expect(texts).toEqual([`u1${'a'.repeat(400)}\n${'b'.repeat(400)}`]);
    expect(without.result.messages.map((kept) => textOf(kept))).toEqual(withHook.result.messages.map((kept) => textOf(kept)));
  });
});
