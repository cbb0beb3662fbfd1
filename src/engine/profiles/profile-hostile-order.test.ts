import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { createOfflineSummarizer } from '../../providers/offline/offline-summarizer';
import { configuredProfile, parseLabConfig } from '../config/lab-config';
import type { RunResult } from '../run/events';
import { FakeClock } from '../run/fake-clock.test-support';
import { lintToolPairs } from '../run/pair-lint';
import { runProfile } from '../run/run-profile';
import { scriptedSummarizer } from '../run/scripted-summarizer.test-support';
import { charsPerTokenCounter } from '../tokens/token-counter';
import type { Block, Message } from '../transcript/model';
import { profileIds, type ProfileId } from './registry';

/** One generated turn: a user ask, then assistant steps whose calls are answered right after, in order. */
const turn = fc.record({
  ask: fc.integer({ min: 1, max: 400 }),
  steps: fc.array(
    fc.record({
      text: fc.integer({ min: 0, max: 300 }),
      outputs: fc.array(fc.integer({ min: 0, max: 600 }), { maxLength: 3 }),
      isBundled: fc.boolean(),
    }),
    { maxLength: 3 },
  ),
});

type TurnSpec = { ask: number; steps: Array<{ text: number; outputs: number[]; isBundled: boolean }> };

/**
 * What breaks the order: a result moved before its call, a result sent twice, a later call reusing an earlier id, a
 * result lost (so reused ids can be left unanswered twice).
 */
const mutation = fc.record({ kind: fc.constantFrom('hoist', 'duplicate', 'reuse', 'lose'), pick: fc.nat(), to: fc.nat() });

type Mutation = { kind: 'hoist' | 'duplicate' | 'reuse' | 'lose'; pick: number; to: number };

function ordered(turns: ReadonlyArray<TurnSpec>): Message[] {
  const messages: Message[] = [];
  const add = (role: Message['role'], blocks: Block[]): void => {
    messages.push({ id: `m${messages.length}`, role, origin: role === 'assistant' ? 'model' : role === 'tool' ? 'tool' : 'human', blocks, sourceRef: {}, raw: null });
  };
  turns.forEach((spec, turnIndex) => {
    add('user', [{ kind: 'text', text: `ask ${turnIndex} ${'u'.repeat(spec.ask)}` }]);
    spec.steps.forEach((step, stepIndex) => {
      const ids = step.outputs.map((_, index) => `call_${turnIndex}_${stepIndex}_${index}`);
      const calls: Block[] = ids.map((callId) => ({ kind: 'tool_call', callId, name: 'read', args: { path: callId }, argsRaw: JSON.stringify({ path: callId }) }));
      add('assistant', [...(step.text > 0 ? [{ kind: 'text' as const, text: 'a'.repeat(step.text) }] : []), ...calls]);
      const results: Block[] = step.outputs.map((output, index) => ({ kind: 'tool_result', callId: ids[index], name: 'read', content: 'r'.repeat(output), isError: false }));
      if (results.length === 0) return;
      if (step.isBundled) add('tool', results);
      else for (const result of results) add('tool', [result]);
    });
    add('assistant', [{ kind: 'text', text: `done ${turnIndex}` }]);
  });
  return messages;
}

const callIdsOf = (message: Message): string[] => message.blocks.flatMap((block) => (block.kind === 'tool_call' ? [block.callId] : []));
const resultIdsOf = (message: Message): string[] => message.blocks.flatMap((block) => (block.kind === 'tool_result' ? [block.callId] : []));

/** Applies one mutation to a fresh list (the messages themselves are replaced, never edited). */
function mutate(messages: Message[], { kind, pick, to }: Mutation, serial: number): Message[] {
  const resultIndexes = messages.flatMap((message, index) => (resultIdsOf(message).length > 0 ? [index] : []));
  if (kind === 'reuse') {
    const calls = messages.flatMap((message) => callIdsOf(message));
    if (calls.length < 2) return messages;
    const later = 1 + (pick % (calls.length - 1));
    const earlier = to % later;
    const [from, into] = [calls[later], calls[earlier]];
    const rename = (block: Block): Block => ((block.kind === 'tool_call' || block.kind === 'tool_result') && block.callId === from ? { ...block, callId: into } : block);
    return messages.map((message) => (message.blocks.some((block) => rename(block) !== block) ? { ...message, blocks: message.blocks.map(rename) } : message));
  }
  if (resultIndexes.length === 0) return messages;
  const index = resultIndexes[pick % resultIndexes.length];
  const moved = messages[index];
  const rest = [...messages.slice(0, index), ...messages.slice(index + 1)];
  if (kind === 'lose') return rest;
  if (kind === 'duplicate') {
    const copy: Message = { ...moved, id: `${moved.id}-again${serial}` };
    const at = index + 1 + (to % (messages.length - index));
    return [...messages.slice(0, at), copy, ...messages.slice(at)];
  }
  const callIndex = rest.findIndex((message) => callIdsOf(message).some((callId) => resultIdsOf(moved).includes(callId)));
  if (callIndex < 0) return messages;
  const at = to % (callIndex + 1);
  return [...rest.slice(0, at), moved, ...rest.slice(at)];
}

const hostileTranscript = fc
  .record({ turns: fc.array(turn, { minLength: 1, maxLength: 6 }), mutations: fc.array(mutation, { minLength: 1, maxLength: 5 }) })
  .map(({ turns, mutations }) => mutations.reduce((messages, change, serial) => mutate(messages, change, serial), ordered(turns)));

/** Settings that make each profile cut somewhere in the generated transcripts; `keep` moves the cut. */
function forcing(profileId: ProfileId, keep: number): Record<string, unknown> {
  switch (profileId) {
    case 'auto-compactor':
      return { force: true, window: 16000, reserveTokens: 4000, keepRecentTokens: 40 + keep * 40, estimator: 'exact' };
    case 'rolling-summary':
      return { summariseAtTokens: 0, keepVerbatim: keep % 4 };
    case 'two-tier':
      return { tokenThreshold: 100, keepLast: 1 + (keep % 10), compactStrategy: 'llm' };
    case 'unified':
      return { force: true, window: 16000, reserveTokens: 4000, keepRecentTokens: 40 + keep * 40, estimator: 'exact', toolOutputMaxChars: 400, observationMask: { enabled: true, keepLast: 3 }, hardLimitTokens: 1500 };
  }
}

/** Runs a profile with the offline summarizer, or with one that always fails (so the local trims run too). */
async function run(profileId: ProfileId, messages: readonly Message[], keep: number, isSummarizerDown: boolean): Promise<RunResult> {
  const parsed = parseLabConfig({ profile: profileId, ...forcing(profileId, keep) });
  if ('issues' in parsed) throw new Error(JSON.stringify(parsed.issues));
  const clock = new FakeClock();
  const summarizer = isSummarizerDown ? scriptedSummarizer([{ error: 'summarizer down' }], clock) : createOfflineSummarizer();
  const { profile, parameters } = configuredProfile(parsed.config);
  return runProfile(profile, {
    messages,
    config: parameters,
    ports: { counter: charsPerTokenCounter(), clock, summarizers: { main: summarizer, smol: summarizer } },
    onEvent: () => undefined,
  });
}

/** Input messages holding a call (or a result) with this id. */
function holders(messages: readonly Message[], callId: string, kind: 'tool_call' | 'tool_result'): Message[] {
  return messages.filter((message) => message.blocks.some((block) => block.kind === kind && block.callId === callId));
}

/**
 * The invariants every profile holds on any input, however its results are ordered or its ids reused. `pairs`: whole
 * (no pass leaves a call unanswered or a result orphaned that the input had paired), or split-only for two-tier, which
 * reproduces harn's positional split: a pair may break only where one side was archived into the summary.
 */
function expectInvariants(messages: readonly Message[], result: RunResult, pairs: 'whole' | 'split-only'): void {
  const sourceIds = messages.map((message) => message.id);
  const before = lintToolPairs(messages);
  for (const pass of result.passes) {
    expect(Object.keys(pass.fates).sort(), `pass ${pass.pass}: every input id has a fate`).toEqual([...sourceIds].sort());
    const outputIds = pass.messages.map((message) => message.id);
    expect(outputIds.filter((id, index) => outputIds.indexOf(id) !== index), `pass ${pass.pass}: output ids are unique`).toEqual([]);
    const inserted = new Set(pass.insertions.map((insertion) => insertion.id));
    const unrecorded = pass.messages.filter((message) => !sourceIds.includes(message.id) && (message.origin === 'injected' || message.origin === 'summary') && !inserted.has(message.id));
    expect(unrecorded.map((message) => message.id), `pass ${pass.pass}: every message a profile adds is recorded as an insertion`).toEqual([]);
    const lint = lintToolPairs(pass.messages);
    expect(pass.lint, 'the pass report carries the lint of its own output').toEqual(lint);
    const newOrphans = lint.orphanResults.filter((id) => !before.orphanResults.includes(id));
    const newUnanswered = lint.unansweredCalls.filter((id) => !before.unansweredCalls.includes(id));
    if (pairs === 'whole') {
      expect(newOrphans, `pass ${pass.pass}: no result loses its call`).toEqual([]);
      expect(newUnanswered, `pass ${pass.pass}: no answered call loses its result`).toEqual([]);
      continue;
    }
    const isArchived = (message: Message): boolean => pass.fates[message.id]?.kind === 'summarized';
    for (const callId of newOrphans) expect(holders(messages, callId, 'tool_call').every(isArchived), `pass ${pass.pass}: ${callId} lost its call only to the summary`).toBe(true);
    for (const callId of newUnanswered) expect(holders(messages, callId, 'tool_result').every(isArchived), `pass ${pass.pass}: ${callId} lost its result only to the summary`).toBe(true);
  }
}

/** Whether a run touched tool pairs: a message repaired or dropped, or a synthetic result inserted. */
const hasRepaired = (result: RunResult): boolean =>
  result.passes.some((pass) => Object.values(pass.fates).some((fate) => fate.kind === 'repaired' || fate.kind === 'dropped') || pass.insertions.some((insertion) => insertion.id.includes('-interrupted-')));

describe('every profile on out-of-order, duplicated and reused-id tool results', () => {
  it.each(profileIds)('%s keeps its invariants and never mutates its input', async (profileId) => {
    const seen = { passes: 0, repairs: 0 };
    await fc.assert(
      fc.asyncProperty(hostileTranscript, fc.nat({ max: 30 }), fc.boolean(), async (messages, keep, isSummarizerDown) => {
        const snapshot = structuredClone(messages);
        const result = await run(profileId, messages, keep, isSummarizerDown);
        expect(messages, 'the input is never mutated').toEqual(snapshot);
        expect(result.cancelled).toBe(false);
        expectInvariants(messages, result, profileId === 'two-tier' ? 'split-only' : 'whole');
        seen.passes += result.passes.length;
        if (hasRepaired(result)) seen.repairs += 1;
      }),
      { seed: 1414, numRuns: 150 },
    );
    // The generated inputs do reach the passes, and the profiles that repair pairs do repair some.
    expect(seen.passes).toBeGreaterThan(0);
    if (profileId === 'auto-compactor' || profileId === 'unified') expect(seen.repairs).toBeGreaterThan(0);
  });
});
