import { describe, expect, it } from 'vitest';
import type { CompactionEvent, PairLint, RunResult } from '../../run/events';
import { FakeClock } from '../../run/fake-clock.test-support';
import { lintToolPairs } from '../../run/pair-lint';
import { scriptedSummarizer, type ScriptStep } from '../../run/scripted-summarizer.test-support';
import { charsPerTokenCounter } from '../../tokens/token-counter';
import { messageText } from '../../tokens/message-text';
import type { Transcript } from '../../transcript/model';
import { importText } from '../../formats/import-text';
import { readFixture } from '../../formats/fixture-files.test-support';
import { autoCompactorConfigSchema } from './auto-compactor-config';
import { autoCompactorProfile } from './index';

const fixtures = [
  'claude-code__fa812bfe-b295-4cca-9c2f-fdf01028cb46.jsonl',
  'codex__rollout-2026-02-23T12-41-04-019c8a4d-8f45-7010-8b5d-7fad920aa6f9.jsonl',
];
const pin = 'Never force-push a shared branch; open a pull request instead.';
const skills = [{ name: 'git-hygiene', operative: [pin], isRead: true }];

function load(name: string): Transcript {
  const { transcripts } = importText(readFixture(name), { fileName: name });
  expect(transcripts.length).toBeGreaterThan(0);
  return transcripts[0];
}

async function run(transcript: Transcript, steps: ScriptStep[]): Promise<{ result: RunResult; events: CompactionEvent[] }> {
  const clock = new FakeClock();
  const events: CompactionEvent[] = [];
  const result = await autoCompactorProfile.run({
    messages: transcript.messages,
    system: transcript.system,
    config: autoCompactorConfigSchema.parse({ window: 16000, reserveTokens: 2000, keepRecentTokens: 3000, operativeSkills: skills }),
    ports: { counter: charsPerTokenCounter(), clock, summarizers: { main: scriptedSummarizer(steps, clock) } },
    onEvent: (event) => events.push(event),
  });
  return { result, events };
}

function isClean(lint: PairLint): boolean {
  return lint.orphanResults.length === 0 && lint.unansweredCalls.length === 0;
}

function expectInvariants(transcript: Transcript, result: RunResult, events: CompactionEvent[]): void {
  const inputLint = lintToolPairs(transcript.messages);
  const sourceIds = transcript.messages.map((message) => message.id);
  expect(result.passes.length).toBeGreaterThan(0);
  expect(events.filter((event) => event.type === 'pass-end')).toHaveLength(result.passes.length);
  for (const pass of result.passes) {
    expect(Object.keys(pass.fates).sort()).toEqual([...sourceIds].sort());
    const ids = pass.messages.map((message) => message.id);
    expect(new Set(ids).size).toBe(ids.length);
    for (const insertion of pass.insertions) expect(ids).toContain(insertion.id);
    if (isClean(inputLint)) expect(isClean(pass.lint)).toBe(true);
    expect(pass.lint).toEqual(lintToolPairs(pass.messages));
    if (pass.ok) expect(pass.messages.some((message) => messageText(message).includes(pin))).toBe(true);
    if (pass.tokensAfter > pass.tokensBefore) expect(pass.flags).toContain('inflation');
  }
  expect(transcript.messages.map((message) => message.id)).toEqual(sourceIds);
}

describe('auto-compactor invariants on real fixtures', () => {
  for (const name of fixtures) {
    it(`invariants with summaries: ${name}`, async () => {
      const transcript = load(name);
      const before = JSON.stringify(transcript.messages);
      const { result, events } = await run(transcript, [{ text: `## Goal\nContinue the work.\n\n## Critical Context\n- ${pin} (pinned directive)` }]);
      expectInvariants(transcript, result, events);
      expect(result.summarizerCalls).toBeGreaterThan(0);
      expect(result.tokensAfter).toBeLessThan(result.tokensBefore);
      expect(JSON.stringify(transcript.messages)).toBe(before);
    });

    it(`invariants with every summarizer failing (local trim): ${name}`, async () => {
      const transcript = load(name);
      const { result, events } = await run(transcript, [{ error: 'nope' }]);
      expectInvariants(transcript, result, events);
      expect(result.passes[0].fallback).toBe('local-trim');
      expect(isClean(result.passes[0].lint)).toBe(true);
      expect(result.passes[0].lint.adjacencyBreaks).toEqual([]);
    });
  }
});
