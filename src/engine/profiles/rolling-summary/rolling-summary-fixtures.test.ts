import { describe, expect, it } from 'vitest';
import { listFixtureFiles, readFixture } from '../../formats/fixture-files.test-support';
import { importText } from '../../formats/import-text';
import type { PassSnapshot } from '../../run/events';
import { lintToolPairs } from '../../run/pair-lint';
import type { Message } from '../../transcript/model';
import { groupHistoryIntoTurns } from './group-history-into-turns';
import { rollingSummaryDefaults } from './rolling-summary-config';
import { runRollingSummary } from './rolling-summary-profile';
import { testPorts } from './rolling-summary.test-support';

/** Every real fixture: the kept-tail checks the shared invariants suite skips (it runs this profile with keepVerbatim 0). */
const realFixtures = listFixtureFiles().filter((name) => !name.startsWith('hand-written'));

/** The fixtures with enough turns for two rolling runs. */
const fixtureNames = [
  'codex__rollout-2026-02-23T12-41-04-019c8a4d-8f45-7010-8b5d-7fad920aa6f9.jsonl',
  'swe-agent-fc__marshmallow-code__marshmallow-1867.traj',
];

function importFixture(name: string): Message[] {
  const { transcripts } = importText(readFixture(name), { fileName: name });
  expect(transcripts.length).toBeGreaterThan(0);
  return transcripts[0].messages;
}

/** Message ids holding each call id's call and results. */
function pairMembers(messages: readonly Message[]): Map<string, Set<string>> {
  const members = new Map<string, Set<string>>();
  for (const message of messages) {
    for (const block of message.blocks) {
      if (block.kind !== 'tool_call' && block.kind !== 'tool_result') continue;
      members.set(block.callId, (members.get(block.callId) ?? new Set()).add(message.id));
    }
  }
  return members;
}

function expectPassInvariants(messages: readonly Message[], snapshot: PassSnapshot): void {
  expect(Object.keys(snapshot.fates).sort()).toEqual(messages.map((message) => message.id).sort());
  for (const [callId, ids] of pairMembers(messages)) {
    const fateKinds = new Set([...ids].map((id) => snapshot.fates[id].kind));
    expect(fateKinds.size, `tool pair ${callId} was split`).toBe(1);
  }
  const outputIds = snapshot.messages.map((message) => message.id);
  expect(new Set(outputIds).size).toBe(outputIds.length);
  expect(snapshot.tokensAfter <= snapshot.tokensBefore || snapshot.flags.includes('inflation')).toBe(true);
}

describe('rolling-summary invariants on real transcripts', () => {
  for (const name of realFixtures) {
    it(`${name}: tool pairs never split, every message has a fate, tokens shrink or inflation is flagged`, async () => {
      const messages = importFixture(name);
      const before = structuredClone(messages);
      expect(groupHistoryIntoTurns(messages).length).toBeGreaterThan(0);
      let summarizedCount = 0;
      for (const keepVerbatim of [0, 1, 2, 5, 20]) {
        const { ports } = testPorts([{ text: 'SUMMARY' }]);
        const result = await runRollingSummary({ messages, config: { ...rollingSummaryDefaults, keepVerbatim }, ports, onEvent: () => {} });
        expect(result.success).toBe(true);
        expect(result.passes.length).toBeLessThanOrEqual(1);
        for (const snapshot of result.passes) {
          expectPassInvariants(messages, snapshot);
          summarizedCount += Object.values(snapshot.fates).filter((fate) => fate.kind === 'summarized').length;
          const inputLint = lintToolPairs(messages);
          expect(snapshot.lint.orphanResults.filter((callId) => !inputLint.orphanResults.includes(callId))).toEqual([]);
          expect(snapshot.lint.unansweredCalls.filter((callId) => !inputLint.unansweredCalls.includes(callId))).toEqual([]);
        }
      }
      expect(summarizedCount).toBeGreaterThan(0);
      expect(messages).toEqual(before);
    });
  }

  for (const name of fixtureNames) {
    it(`${name}: priorState threads from a run on the first half into a run on the whole`, async () => {
      const messages = importFixture(name);
      const { ports, summarizer } = testPorts([{ text: 'FIRST HALF' }, { text: 'WHOLE' }]);
      const half = messages.slice(0, Math.floor(messages.length / 2));
      const first = await runRollingSummary({ messages: half, config: rollingSummaryDefaults, ports, onEvent: () => {} });
      const second = await runRollingSummary({ messages, config: { ...rollingSummaryDefaults, summariseAtTokens: 0 }, ports, onEvent: () => {}, carryState: first.carryState });
      expect(summarizer.requests).toHaveLength(2);
      expect(summarizer.requests[1].prompt.startsWith('PREVIOUS SUMMARY (extend/merge, do not lose facts):\nFIRST HALF\n\n---\n\n')).toBe(true);
      expect(second.carryState).toMatchObject({ summary: 'WHOLE' });
      expectPassInvariants(messages, second.passes[0]);
    });
  }
});
