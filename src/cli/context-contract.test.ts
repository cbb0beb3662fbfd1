import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { fixturesDirectory, listFixtureFiles } from '../engine/formats/fixture-files.test-support';
import { parseArguments } from './arguments';
import { compactCommand } from './compact-command';
import type { CompactOutput } from './compact-output';
import { statsCommand } from './stats-command';
import type { StatsOutput } from './stats-output';

/** The real fixtures: the hand-written ones are format edge cases, not sessions worth compacting. */
const fixtures = listFixtureFiles().filter((name) => !name.startsWith('hand-written'));
const fileOf = (name: string): string => path.join(fixturesDirectory, name);

/**
 * Each profile at its defaults and tuned small enough to compact most fixtures. The tuned seed-1 settings keep the
 * reserve and the kept tail under a 20,000-token window: the defaults' 16,384 reserve would make it impossible.
 */
const settings: Record<string, string[][]> = {
  'auto-compactor': [[], ['--set', 'window=20000', '--set', 'reserveTokens=2000', '--set', 'keepRecentTokens=1500']],
  'rolling-summary': [[], ['--set', 'summariseAtTokens=2000']],
  'two-tier': [[], ['--set', 'tokenThreshold=5000']],
  unified: [[], ['--set', 'window=20000', '--set', 'reserveTokens=2000', '--set', 'keepRecentTokens=1500']],
};

/** Runs the commands in-process: a child process would pay tsx's start-up on every one of the many runs. */
const stats = async (file: string, ...args: string[]): Promise<StatsOutput> => JSON.parse((await statsCommand(parseArguments(['stats', file, '--json', ...args]))).stdout ?? '');
const compact = async (file: string, ...args: string[]): Promise<CompactOutput> => JSON.parse((await compactCommand(parseArguments(['compact', file, '--json', ...args]))).stdout ?? '');

type Flag = CompactOutput['flags'][number];
const outcomeFlagsOf = (output: CompactOutput, kind: 'estimate-disagrees' | 'no-op-pass'): Flag[] => output.flags.filter((flag) => flag.kind === kind);

/** Every rule of the `context` block and the outcome flags, checked against the run's own numbers. */
function expectContract(output: CompactOutput, reference: StatsOutput): void {
  const { context } = output;
  expect(context.encoding).toBe(reference.tokens.encoding);
  expect(context.before).toBe(reference.tokens.total);
  expect(context.unstoredOverhead).toBe(reference.unstoredOverhead);
  expect(context.trigger).toEqual(expect.any(Number));
  const trigger = context.trigger as number;
  expect(context.fitsAfter).toBe(context.after + context.unstoredOverhead <= trigger);
  if (output.passes.length > 0) {
    expect(output.passes[0].exact?.before).toBe(context.before);
    expect(output.passes.at(-1)?.exact?.after).toBe(context.after);
  } else {
    expect(context.after).toBe(context.before);
  }
  const disagrees = outcomeFlagsOf(output, 'estimate-disagrees');
  // A trigger compared with part of the context only (rolling-summary's older turns) never makes a success disagree.
  expect(context.triggerComparedWith).toBe(output.profile === 'rolling-summary' ? 'the older turns, not the whole context' : null);
  expect(disagrees).toHaveLength(output.success && context.fitsAfter === false && context.triggerComparedWith === null ? 1 : 0);
  for (const flag of disagrees) {
    expect(flag).toMatchObject({ pass: output.passes.at(-1)?.pass ?? 0, estimate: output.tokensAfter, context: context.after + context.unstoredOverhead, trigger });
  }
  const noOpPasses = output.passes.filter((pass) => pass.flags.includes('no-op')).map((pass) => pass.pass);
  expect(outcomeFlagsOf(output, 'no-op-pass').map((flag) => flag.pass)).toEqual(noOpPasses);
}

describe('the context contract of compact --json against stats --json', () => {
  const ran: { profile: string; fixture: string; output: CompactOutput }[] = [];

  it.each(fixtures)('holds for every profile on %s', async (fixture) => {
    const reference = await stats(fileOf(fixture));
    expect(reference.contextTokens).toBe(reference.tokens.total + reference.unstoredOverhead);
    for (const [profile, variants] of Object.entries(settings)) {
      for (const variant of variants) {
        const output = await compact(fileOf(fixture), '--profile', profile, ...variant);
        expectContract(output, reference);
        ran.push({ profile, fixture, output });
      }
    }
  });

  it('covered runs that compacted, passes that replaced nothing, and estimates that disagreed', () => {
    expect(ran).toHaveLength(fixtures.length * 8);
    for (const profile of Object.keys(settings)) {
      expect(ran.filter((run) => run.profile === profile && run.output.passes.length > 0 && run.output.context.after < run.output.context.before).length).toBeGreaterThanOrEqual(2);
    }
    expect(ran.some((run) => outcomeFlagsOf(run.output, 'no-op-pass').length > 0)).toBe(true);
    expect(ran.filter((run) => outcomeFlagsOf(run.output, 'estimate-disagrees').length > 0).length).toBeGreaterThanOrEqual(4);
  });

  it('counts in cl100k_base with --encoding, as stats does', async () => {
    const file = fileOf('claude-code__fa812bfe__subagents__agent-aa84377.jsonl');
    const reference = await stats(file, '--encoding', 'cl100k_base');
    const o200k = await stats(file);
    expect(reference.tokens.total).not.toBe(o200k.tokens.total);
    for (const profile of Object.keys(settings)) {
      const output = await compact(file, '--profile', profile, '--encoding', 'cl100k_base', ...settings[profile][1]);
      expectContract(output, reference);
    }
    await expect(compact(file, '--encoding', 'p50k_base')).rejects.toThrow('unknown encoding "p50k_base"; use one of o200k_base, cl100k_base');
  });

  it('flags a success that its logged-usage estimate saw under the trigger while the context is over it', async () => {
    // The seed estimator anchors on the last logged call (76,350 + a tail), but the session holds 140,594 tokens in
    // o200k_base plus 18,187 the source never stored: over the 111,616-token trigger, yet the gate saw it under.
    const output = await compact(fileOf('claude-code__fa812bfe-b295-4cca-9c2f-fdf01028cb46.jsonl'), '--profile', 'auto-compactor');
    expect(output).toMatchObject({ success: true, passes: [], tokensBefore: 76351, tokensAfter: 76351 });
    expect(output.context).toEqual({ encoding: 'o200k_base', before: 140594, after: 140594, unstoredOverhead: 18187, trigger: 111616, window: 128000, fitsAfter: false, triggerComparedWith: null });
    expect(output.flags).toEqual([
      {
        kind: 'estimate-disagrees',
        pass: 0,
        estimate: 76351,
        context: 158781,
        trigger: 111616,
        message: expect.stringMatching(/^The profile reported success at 76,351 by its own estimate, but the context after it is 158,781 \(with 18,187 for the system prompt and tools not in the file\), o200k_base exact — over its 111,616-token trigger\./),
      },
      // Left as it was, the context is over the 128,000-token window too: the next model call would be refused.
      { kind: 'over-window', pass: 0, context: 158_781, window: 128_000, message: expect.stringContaining('over the 128,000-token window: the next model call would be refused') },
    ]);
    expect(output.outcome).toBe('over the window: the next call would be refused');
  });

  it('flags a pass that replaced nothing', async () => {
    // Codex logs ~115,000 tokens of usage for 5,324 stored ones, so the seed estimator fires, but a pass finds nothing to summarize.
    const output = await compact(fileOf('codex__rollout-2026-02-23T12-41-04-019c8a4d-8f45-7010-8b5d-7fad920aa6f9.jsonl'), '--profile', 'auto-compactor');
    expect(output.passes.map((pass) => pass.flags)).toEqual([['no-op']]);
    expect(outcomeFlagsOf(output, 'no-op-pass')).toEqual([{ kind: 'no-op-pass', pass: 1, message: expect.stringContaining('Pass 1 replaced nothing') }]);
    expect(output.context).toMatchObject({ before: 5324, fitsAfter: true });
  });
});

describe('the context contract in the tables', () => {
  it('states stats in words: context tokens with the overhead named, and the calibration or why there is none', async () => {
    const table = (await statsCommand(parseArguments(['stats', fileOf('claude-code__fa812bfe-b295-4cca-9c2f-fdf01028cb46.jsonl')]))).stdout;
    expect(table).toMatch(/^context tokens\s+158,781 = 140,594 held by the transcript \+ 18,187 unstored overhead \(Fitted over 157 logged calls: .*\)$/m);
    expect(table).toMatch(/^calibration\s+claude-opus-4-6: 1\.\d{3} provider tokens per o200k_base token \(1\.\d{3}–1\.\d{3}\) over 157 calls$/m);
    const none = (await statsCommand(parseArguments(['stats', fileOf('swe-agent-fc__marshmallow-code__marshmallow-1867.traj')]))).stdout;
    expect(none).toMatch(/^context tokens\s+7,884 = 7,884 held by the transcript \+ 0 unstored overhead \(The source logged no per-call usage/m);
    expect(none).toMatch(/^calibration\s+none — the source logged no per-call usage to calibrate against\.$/m);
  });

  it('prints context tokens per pass beside what the gate saw, the outcome against the trigger, and one summarizer call', async () => {
    const file = fileOf('claude-code__tool_heavy.jsonl');
    const table = (await compactCommand(parseArguments(['compact', file, '--profile', 'auto-compactor', '--set', 'force=true', '--set', 'keepRecentTokens=300']))).stdout;
    expect(table).toMatch(/^pass\s+context before → after \(o200k_base exact \+ system prompt and tools\)\s+its estimate\s+strategy/m);
    // 2,390 stored + 25,797 unstored = 28,187 before (4 logged calls carry no fit: the overhead is taken at the first); the gate saw the logged usage.
    expect(table).toMatch(/^1\s+28,187 → ([\d,]+)\s+28,880 → [\d,]+\s+llm-summary\s/m);
    expect(table).toMatch(/^auto-compactor: ok; context 28,187 → [\d,]+ tokens \(o200k_base exact \+ 25,797 for the system prompt and tools not in the file\), fits under the 111,616-token trigger; the profile's own estimate 28,880 → [\d,]+; 1 summarizer call \(offline-extractive\)$/m);
    const over = (await compactCommand(parseArguments(['compact', fileOf('claude-code__fa812bfe-b295-4cca-9c2f-fdf01028cb46.jsonl'), '--profile', 'auto-compactor']))).stdout;
    expect(over).toMatch(/, over the 111,616-token trigger; the profile's own estimate 76,351 → 76,351; 0 summarizer calls /m);
    expect(over).toMatch(/^flag \(run\) estimate-disagrees: The profile reported success at 76,351/m);
    // One vocabulary, the page's: no lab term in the human text.
    for (const text of [table, over]) expect(text).not.toMatch(/unstored overhead|gate saw/);
  });
});
