import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { agentCompactions, engineError, importText, type CompactionEvent } from '../engine';
import { profileIds } from '../engine/profiles/meta';
import type { Transcript } from '../engine/transcript';
import { readFixture } from '../engine/formats/fixture-files.test-support';
import type { WorkerReply } from '../worker-client/protocol';
import type { VersusComparison, VersusOutcome } from '../worker-client/versus-protocol';
import { compareAtCompaction, refusedComparison } from './versus';
import { gateForcing } from './versus-force';

const sessionFile = 'claude-code__fa812bfe-b295-4cca-9c2f-fdf01028cb46.jsonl';
const load = (text: string, fileName: string): Transcript => importText(text, { fileName }).transcripts[0];
const session = load(readFixture(sessionFile), sessionFile);
const toolHeavy = load(readFixture('claude-code__tool_heavy.jsonl'), 'claude-code__tool_heavy.jsonl');
const twoCompactionsFile = path.join(import.meta.dirname, '..', 'engine', 'versus', 'fixtures', 'codex-two-compactions.jsonl');
const twoCompactions = load(readFileSync(twoCompactionsFile, 'utf8'), 'codex-two-compactions.jsonl');

/** The comparison's answer when it compared, or a failed expectation naming the refusal. */
function compared(answer: WorkerReply<VersusOutcome>): VersusComparison {
  if (!answer.ok) throw new Error(`expected a comparison, got ${answer.error.code}: ${answer.error.message}`);
  if (!answer.value.compared) throw new Error(`expected a comparison, got a failed run: ${answer.value.message}`);
  return answer.value;
}

describe('compareAtCompaction on the real Claude Code session (offline summarizer)', () => {
  it('cuts at the compact_boundary, runs the profile on the 288 messages before it and measures both sides', async () => {
    const events: CompactionEvent[] = [];
    const outcome = compared(await compareAtCompaction(session, { config: { profile: 'rolling-summary' } }, (event) => events.push(event)));
    expect(outcome.compactions).toEqual([{ ordinal: 1, atMessage: 288, kind: 'compact_boundary', trigger: 'auto', isReadable: true }]);
    expect(outcome.report.boundary).toMatchObject({ index: 1, atMessage: 288 });
    expect(outcome.report.boundary.agentSummaryTokens).toBeGreaterThan(1000);
    expect(outcome.report.basis).toMatchObject({ encoding: 'o200k_base', isEstimate: false });
    expect(outcome.run).toMatchObject({ profile: 'rolling-summary', success: true, passes: 1, compacted: true });
    expect(outcome.run.forcedGate).toBeUndefined();
    expect(outcome.run.note).toMatch(/^rolling-summary ran on the 288 messages the agent held before compaction 1 \(before message 289\); its own gate fired \(1 pass\)\.$/);
    expect(events.some((event) => event.type === 'pass-end')).toBe(true);
    // The agent's side is its own summary, as text; the profile's is its last pass, far smaller than what it was given.
    expect(outcome.agentContext[0]).toMatchObject({ id: session.messages[288].id, origin: 'summary', text: expect.stringMatching(/^This session is being continued/) });
    expect(outcome.profileContext.length).toBeGreaterThan(0);
    expect(outcome.report.profile.tokens).toBeLessThan(outcome.report.agent.tokens * 10);
    // Both sides are checked against the same needed facts, each lost one with where the agent used it after the boundary.
    const { agent, profile } = outcome.report;
    expect(agent.needed).toBeGreaterThan(0);
    expect(profile.needed).toBe(agent.needed);
    expect(profile.lost.length).toBe(profile.needed - profile.kept);
    const afterIds = new Set(session.messages.slice(289).map((message) => message.id));
    for (const fact of [...agent.lost, ...profile.lost]) expect(fact.usedAt.every((id) => afterIds.has(id))).toBe(true);
    expect(agent.nextActions.total).toBe(5);
  });

  it('forces the gate when the configured one would not fire, and says so', async () => {
    const outcome = compared(await compareAtCompaction(session, { config: { profile: 'auto-compactor', window: 10_000_000 } }, () => undefined));
    expect(outcome.run).toMatchObject({ forcedGate: 'force: true', compacted: true, passes: 1 });
    expect(outcome.run.note).toMatch(/gate would not fire on the 288 messages .* but the agent compacted there, so it ran again with force: true \(1 pass\)\.$/);
    expect(outcome.report.profile.tokens).toBeLessThan(50_000);
  });

  it('says so when even a forced gate makes no pass: the profile side is the uncompacted context', async () => {
    const outcome = compared(await compareAtCompaction(session, { config: { profile: 'rolling-summary', keepVerbatim: 100_000 } }, () => undefined));
    expect(outcome.run).toMatchObject({ forcedGate: 'summariseAtTokens: 0', compacted: false, passes: 0 });
    expect(outcome.run.note).toMatch(/made no pass even with summariseAtTokens: 0: its side is the uncompacted context\.$/);
    expect(outcome.profileContext.map((message) => message.id)).toEqual(session.messages.slice(0, 288).map((message) => message.id));
  });

  it('counts in the requested encoding', async () => {
    const outcome = compared(await compareAtCompaction(session, { config: { profile: 'rolling-summary' }, encoding: 'cl100k_base' }, () => undefined));
    expect(outcome.report.basis.encoding).toBe('cl100k_base');
  });
});

describe('compareAtCompaction refusals', () => {
  it('refuses a transcript with no compaction by the agent, in words', async () => {
    const outcome = await compareAtCompaction(toolHeavy, { config: {} }, () => undefined);
    expect(outcome).toEqual({ ok: false, error: { code: 'no-compaction', message: expect.stringMatching(/^this transcript holds no compaction by the agent: /), isRetryable: false } });
  });

  it('refuses a compaction the transcript does not hold', async () => {
    const outcome = await compareAtCompaction(session, { config: {}, boundary: 2 }, () => undefined);
    expect(outcome).toMatchObject({ ok: false, error: { code: 'no-such-boundary', message: 'there is no compaction 2: this transcript holds only compaction 1 by the agent' } });
  });

  it('refuses an opaque compaction, saying why', async () => {
    const opaque: Transcript = { ...toolHeavy, markers: [{ atIndex: 4, kind: 'compacted', isOpaque: true }] };
    const outcome = await compareAtCompaction(opaque, { config: {} }, () => undefined);
    expect(outcome).toMatchObject({ ok: false, error: { code: 'unreadable-compaction' } });
    // What a comparison would list: the one compaction, there but unreadable.
    expect(agentCompactions(opaque)).toMatchObject([{ ordinal: 1, atMessage: 4, isReadable: false }]);
    expect(outcome.ok || outcome.error.message).toMatch(/^none of this transcript's compactions by the agent can be compared \(compaction 1 \(before message 5\): the summary is encrypted/);
    const named = await compareAtCompaction(opaque, { config: {}, boundary: 1 }, () => undefined);
    expect(named).toMatchObject({ ok: false, error: { code: 'unreadable-compaction' } });
    expect(named.ok || named.error.message).toMatch(/^compaction 1 \(before message 5\) cannot be compared: the summary is encrypted/);
  });

  it('answers a profile run that fails as a failed run, with the transcript’s compactions and its error', async () => {
    const answer = await compareAtCompaction(session, { config: { profile: 'auto-compactor', window: 'large' } }, () => undefined);
    expect(answer).toMatchObject({ ok: true, value: { compared: false, compactions: [{ ordinal: 1 }], run: { success: false, error: { code: 'invalid-config' } } } });
    expect(answer.ok && !answer.value.compared && answer.value.message).toMatch(/^the auto-compactor run on the 288 messages .* did not succeed \(invalid-config\): Invalid config: window/);
  });

  it('answers a run refused before it started with the transcript’s compactions and the refusal', () => {
    const outcome = refusedComparison(session, { profile: 'two-tier' }, engineError('missing-key', 'No API key is set for openai.'));
    expect(outcome).toMatchObject({ compared: false, message: 'No API key is set for openai.', compactions: [{ ordinal: 1 }], run: { profile: 'two-tier', success: false, passes: 0 } });
  });
});

describe('compareAtCompaction with several compactions', () => {
  it('compares at the last readable one by default, and at the one --boundary names', async () => {
    const last = compared(await compareAtCompaction(twoCompactions, { config: { profile: 'rolling-summary' } }, () => undefined));
    expect(last.compactions.map((compaction) => compaction.ordinal)).toEqual([1, 2]);
    expect(last.report.boundary.index).toBe(2);
    const first = compared(await compareAtCompaction(twoCompactions, { config: { profile: 'rolling-summary' }, boundary: 1 }, () => undefined));
    expect(first.report.boundary.index).toBe(1);
    expect(first.report.boundary.atMessage).toBeLessThan(last.report.boundary.atMessage);
  });
});

describe('gateForcing', () => {
  it('reads each profile’s forcing from its meta: the force flag, else the threshold at its lowest', () => {
    const forcing = Object.fromEntries(profileIds.map((profile) => [profile, gateForcing(profile)?.description]));
    expect(forcing).toEqual({ 'auto-compactor': 'force: true', 'rolling-summary': 'summariseAtTokens: 0', 'two-tier': 'tokenThreshold: 0', unified: 'force: true' });
  });
});
