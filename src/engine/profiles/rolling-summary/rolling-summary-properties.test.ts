import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { lintToolPairs } from '../../run/pair-lint';
import type { Block, Message } from '../../transcript/model';
import { groupHistoryIntoTurns } from './group-history-into-turns';
import { rollingSummaryDefaults } from './rolling-summary-config';
import { runRollingSummary } from './rolling-summary-profile';
import { testPorts } from './rolling-summary.test-support';

/**
 * Randomized checks against a plain re-statement of upstream (relevance.ts `groupHistoryIntoTurns`, summarizer.ts
 * `assembleCompactedTurns`/`summariseTurns`) over a history written down the way ADK's adapters store it, built
 * alongside each canonical transcript rather than read back from it.
 */

type Args = Record<string, unknown> | string | undefined;
type Step =
  | { kind: 'user'; text: string; absorbsResults: boolean }
  | { kind: 'assistant'; text: string; calls: Args[]; delays: number[] }
  | { kind: 'system' | 'thinking'; text: string };

interface ExpectedMessage { role: 'user' | 'assistant'; content: string; createdAt: string; id: string }
interface ExpectedCall { callId: string; tool: string; args: Record<string, unknown>; createdAt: string }
interface Scenario { messages: Message[]; adkMessages: ExpectedMessage[]; calls: ExpectedCall[] }

const word = fc.constantFrom('fix', 'it', 'done', 'read x', 'ok', 'ß', 'Zeta', '42');
const text = fc.array(word, { maxLength: 3 }).map((words) => words.join(' '));
const args: fc.Arbitrary<Args> = fc.oneof(
  fc.record({ path: word }),
  fc.constant(undefined),
  word.map((value) => JSON.stringify({ q: value })),
  fc.constant('not json'),
);
const step: fc.Arbitrary<Step> = fc.oneof(
  { weight: 3, arbitrary: fc.record({ kind: fc.constant('user' as const), text, absorbsResults: fc.boolean() }) },
  { weight: 4, arbitrary: fc.integer({ min: 0, max: 2 }).chain((count) => fc.record({
    kind: fc.constant('assistant' as const), text, calls: fc.array(args, { minLength: count, maxLength: count }),
    // A delay past the end leaves the call unanswered.
    delays: fc.array(fc.integer({ min: 0, max: 3 }), { minLength: count, maxLength: count }),
  })) },
  { weight: 1, arbitrary: fc.record({ kind: fc.constantFrom('system' as const, 'thinking' as const), text }) },
);
const timing = fc.constantFrom('all', 'none', 'some');
const scenario = fc.record({ steps: fc.array(step, { maxLength: 14 }), timing, presence: fc.array(fc.boolean(), { minLength: 60, maxLength: 60 }) });

/** Builds the canonical transcript and, beside it, what ADK's agent would have stored for it. */
function build(steps: readonly Step[], timing: string, presence: readonly boolean[]): Scenario {
  const messages: Message[] = [];
  const pending: { callId: string; due: number }[] = [];
  const add = (role: Message['role'], blocks: Block[]): Message => {
    const index = messages.length;
    const isTimed = timing === 'all' || (timing === 'some' && presence[index % presence.length]);
    const createdAt = isTimed ? `2026-01-01T00:${String(Math.floor(index / 60)).padStart(2, '0')}:${String(index % 60).padStart(2, '0')}.000Z` : undefined;
    const message: Message = { id: `m${index}`, role, origin: role === 'assistant' ? 'model' : 'human', blocks, createdAt, sourceRef: {}, raw: null };
    messages.push(message);
    return message;
  };
  const resultsDue = (at: number) => pending.filter((entry) => entry.due <= at).map((entry) => entry.callId);
  const flush = (at: number, into?: Block[]) => {
    for (const callId of resultsDue(at)) {
      pending.splice(pending.findIndex((entry) => entry.callId === callId), 1);
      if (into) into.push({ kind: 'tool_result', callId, content: 'out', isError: false });
      else add(callId.length % 2 === 0 ? 'tool' : 'user', [{ kind: 'tool_result', callId, content: 'out', isError: false }]);
    }
  };
  let callCount = 0;
  steps.forEach((current, at) => {
    if (current.kind === 'user') {
      const blocks: Block[] = [{ kind: 'text', text: current.text }];
      if (current.absorbsResults) flush(at, blocks);
      add('user', blocks);
    } else if (current.kind === 'assistant') {
      const blocks: Block[] = current.text ? [{ kind: 'text', text: current.text }] : [];
      current.calls.forEach((callArgs, index) => {
        const callId = `c${callCount++}`;
        blocks.push({ kind: 'tool_call', callId, name: index === 1 ? 'edit' : 'read', args: callArgs, argsRaw: typeof callArgs === 'string' ? callArgs : JSON.stringify(callArgs) ?? '' });
        pending.push({ callId, due: at + current.delays[index] });
      });
      add('assistant', blocks);
    } else {
      add(current.kind === 'system' ? 'system' : 'assistant', current.kind === 'system' ? [{ kind: 'text', text: current.text }] : [{ kind: 'thinking', text: current.text }]);
    }
    flush(at);
  });
  return { messages, ...expectedHistory(messages) };
}

/** The history ADK's adapters store for these messages: text-bearing user/assistant messages, completed calls. */
function expectedHistory(messages: readonly Message[]): Omit<Scenario, 'messages'> {
  const adkMessages: ExpectedMessage[] = [];
  const calls: ExpectedCall[] = [];
  for (const message of messages) {
    const texts = message.blocks.flatMap((block) => (block.kind === 'text' ? [block.text] : []));
    const content = texts.join(message.role === 'assistant' ? '' : '\n');
    const isStored = message.role === 'user' ? texts.length > 0 : message.role === 'assistant' && content !== '';
    if (isStored) adkMessages.push({ role: message.role as 'user' | 'assistant', content, createdAt: message.createdAt ?? '', id: message.id });
    for (const block of message.blocks) {
      if (block.kind !== 'tool_call') continue;
      const resultHolder = messages.find((other) => other.blocks.some((b) => b.kind === 'tool_result' && b.callId === block.callId));
      if (!resultHolder) continue;
      let recorded: Record<string, unknown> = {};
      if (typeof block.args === 'object' && block.args !== null) recorded = block.args as Record<string, unknown>;
      else if (typeof block.args === 'string' && block.args.startsWith('{')) recorded = JSON.parse(block.args) as Record<string, unknown>;
      calls.push({ callId: block.callId, tool: block.name, args: recorded, createdAt: resultHolder.createdAt ?? message.createdAt ?? '' });
    }
  }
  return { adkMessages, calls };
}

interface ReferenceTurn { qa: string; ids: string[]; callIds: string[] }

/** Upstream's grouping, restated line by line. */
function referenceTurns(history: Omit<Scenario, 'messages'>): ReferenceTurn[] {
  const turns: (ReferenceTurn & { firstCreatedAt: string })[] = [];
  let open: (ReferenceTurn & { firstCreatedAt: string }) | null = null;
  for (const message of history.adkMessages) {
    if (!open) {
      open = { qa: message.content, ids: [message.id], callIds: [], firstCreatedAt: message.createdAt };
      turns.push(open);
    } else {
      open.qa += `\n${message.content}`;
      open.ids.push(message.id);
    }
    if (message.role === 'assistant') open = null;
  }
  for (const call of history.calls) {
    let target: ReferenceTurn | null = null;
    for (const turn of turns) {
      if (turn.firstCreatedAt.localeCompare(call.createdAt) <= 0) target = turn;
      else break;
    }
    if (!target) continue;
    target.callIds.push(call.callId);
    target.qa += `\n${call.tool} ${JSON.stringify(call.args).slice(0, 200)}`;
  }
  return turns;
}

/** The kept canonical ids: the messages by position in the last turns, with every tool pair given one fate. */
function expectedKeptIds(scenario: Scenario, turnCount: number, keepVerbatim: number): string[] {
  const turnOfAdk = new Map<string, number>();
  referenceTurns(scenario).forEach((turn, index) => turn.ids.forEach((id) => turnOfAdk.set(id, index)));
  const recentStart = Math.max(0, turnCount - keepVerbatim);
  let turn = 0;
  const isRecent = new Map<string, boolean>();
  for (const message of scenario.messages) {
    turn = turnOfAdk.get(message.id) ?? turn;
    isRecent.set(message.id, turn >= recentStart);
  }
  const linked = (a: Message, b: Message) => a.blocks.some((x) => (x.kind === 'tool_call' || x.kind === 'tool_result') && b.blocks.some((y) => (y.kind === 'tool_call' || y.kind === 'tool_result') && y.callId === x.callId));
  const group = new Map(scenario.messages.map((message) => [message.id, new Set([message.id])]));
  for (const a of scenario.messages) {
    for (const b of scenario.messages) {
      if (a === b || !linked(a, b) || group.get(a.id) === group.get(b.id)) continue;
      const merged = new Set([...group.get(a.id)!, ...group.get(b.id)!]);
      for (const id of merged) group.set(id, merged);
    }
  }
  return scenario.messages.filter((message) => {
    const members = [...group.get(message.id)!];
    return members.every((id) => isRecent.get(id)) || members.some((id) => isRecent.get(id) && turnOfAdk.has(id));
  }).map((message) => message.id);
}

describe('rolling-summary randomized against upstream', () => {
  it('groups turns, texts and call attributions exactly as upstream, with and without timestamps', () => {
    fc.assert(fc.property(scenario, ({ steps, timing: mode, presence }) => {
      const built = build(steps, mode, presence);
      const reference = referenceTurns(built);
      const turns = groupHistoryIntoTurns(built.messages);
      const assistants = built.adkMessages.filter((message) => message.role === 'assistant').length;
      const isTrailingOpen = built.adkMessages.length > 0 && built.adkMessages[built.adkMessages.length - 1].role !== 'assistant';
      expect(turns).toHaveLength(assistants + (isTrailingOpen ? 1 : 0));
      expect(turns.map((turn) => turn.qa)).toEqual(reference.map((turn) => turn.qa));
      expect(turns.map((turn) => turn.adkMessages.map((message) => message.source.id))).toEqual(reference.map((turn) => turn.ids));
      expect(turns.map((turn) => turn.toolCalls.map((record) => record.callId))).toEqual(reference.map((turn) => turn.callIds));
      expect(turns.flatMap((turn) => turn.messages)).toEqual(turns.length > 0 ? built.messages : []);
    }), { seed: 20260711, numRuns: 1000 });
  });

  it('sends upstream’s request text, keeps the last turns’ messages without splitting a pair, and does coveredOlder’s arithmetic', async () => {
    await fc.assert(fc.asyncProperty(scenario, fc.integer({ min: 0, max: 4 }), fc.integer({ min: 0, max: 3 }), fc.integer({ min: 0, max: 12 }), async ({ steps, timing: mode, presence }, keepVerbatim, coveredBefore, threshold) => {
      const built = build(steps, mode, presence);
      const reference = referenceTurns(built);
      const older = reference.slice(0, Math.max(0, reference.length - keepVerbatim));
      const olderText = older.map((turn) => turn.qa).join('\n\n');
      const priorSummary = coveredBefore === 0 ? null : 'PRIOR';
      const { ports, summarizer } = testPorts();
      const result = await runRollingSummary({
        messages: built.messages, config: { ...rollingSummaryDefaults, keepVerbatim, summariseAtTokens: threshold }, ports, onEvent: () => {},
        carryState: { summary: priorSummary, coveredOlder: coveredBefore },
      });
      const shouldCall = older.length > coveredBefore && (priorSummary === null || Math.ceil(olderText.length / 4) > threshold);
      expect(summarizer.requests).toHaveLength(shouldCall ? 1 : 0);
      if (shouldCall) {
        const head = priorSummary ? `PREVIOUS SUMMARY (extend/merge, do not lose facts):\n${priorSummary}\n\n---\n\n` : '';
        expect(summarizer.requests[0].prompt).toBe(`${head}CONVERSATION TO SUMMARISE:\n${olderText}`.slice(0, 12000));
      }
      expect(result.carryState).toEqual({ summary: shouldCall ? 'SUMMARY(1)' : priorSummary, coveredOlder: shouldCall ? older.length : coveredBefore });
      if (older.length === 0) {
        expect(result.messages).toEqual(built.messages);
        return;
      }
      const keptIds = expectedKeptIds(built, reference.length, keepVerbatim);
      expect(result.messages.map((message) => message.id)).toEqual(['__compact-summary', ...keptIds]);
      const recentAdkIds = reference.slice(older.length).flatMap((turn) => turn.ids);
      for (const id of recentAdkIds) expect(keptIds).toContain(id);
      const before = lintToolPairs(built.messages);
      const after = lintToolPairs(result.messages);
      expect(after.orphanResults.filter((id) => !before.orphanResults.includes(id))).toEqual([]);
      expect(after.unansweredCalls.filter((id) => !before.unansweredCalls.includes(id))).toEqual([]);
      expect(Object.keys(result.passes[0].fates).sort()).toEqual(built.messages.map((message) => message.id).sort());
    }), { seed: 20260712, numRuns: 800 });
  });
});
