import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { fixturesDirectory } from '../engine/formats/fixture-files.test-support';
import { parseArguments } from './arguments';
import { compactCommand } from './compact-command';
import type { CompactOutput } from './compact-output';

const sample = path.join(fixturesDirectory, 'claude-code__fa812bfe-b295-4cca-9c2f-fdf01028cb46.jsonl');
const codex = path.join(fixturesDirectory, 'codex__rollout-2026-02-23T12-41-04-019c8a4d-8f45-7010-8b5d-7fad920aa6f9.jsonl');
const compact = (...args: string[]) => compactCommand(parseArguments(['compact', ...args]));
const json = async (...args: string[]) => {
  const ran = await compact(...args, '--json');
  return { ...ran, output: JSON.parse(ran.stdout ?? '') as CompactOutput };
};
const kinds = (output: CompactOutput) => output.flags.filter((flag) => ['over-window', 'history-wiped', 'replaced-nothing'].includes(flag.kind)).map((flag) => flag.kind);

describe('compact says a success that did not do what was asked', () => {
  it('over the window: flagged apart from the trigger, said first, and exit 1', async () => {
    // 140,594 held + 18,187 unstored; after its summary and local trim unified leaves 20,350 + 18,187 = 38,537 context
    // tokens, over a 37,000 window.
    const { output, exitCode, stderr } = await json(sample, '--profile', 'unified', '--window', '37000');
    expect(output.success).toBe(true);
    expect(output.outcome).toBe('over the window: the next call would be refused');
    expect(output.flags.filter((flag) => flag.kind === 'over-window')).toEqual([
      { kind: 'over-window', pass: 2, context: 38_537, window: 37_000, message: expect.stringContaining('over the 37,000-token window: the next model call would be refused') },
    ]);
    expect(kinds(output)).toEqual(['over-window']);
    expect(output.flags.some((flag) => flag.kind === 'estimate-disagrees')).toBe(true);
    expect(exitCode).toBe(1);
    expect(stderr).toContain('The context after the run is 38,537 (with 18,187 for the system prompt and tools not in the file)');
    const table = (await compact(sample, '--profile', 'unified', '--window', '37000')).stdout;
    expect(table).toMatch(/^unified: over the window: the next call would be refused; context 158,781 → 38,537 tokens/m);
    expect(table).toMatch(/^flag \(pass 2\) over-window: The context after the run is 38,537/m);
  });

  it('a run that fits the window is ok and exits 0', async () => {
    const { output, exitCode } = await json(sample, '--profile', 'unified', '--window', '60000');
    expect(output.outcome).toBe('ok');
    expect(kinds(output)).toEqual([]);
    expect(exitCode).toBe(0);
  });

  it('replaced nothing: a success whose pass kept every message exits 1', async () => {
    const { output, exitCode } = await json(codex, '--profile', 'auto-compactor');
    expect(output.success).toBe(true);
    expect(output.outcome).toBe('replaced nothing: the history is as it was');
    expect(kinds(output)).toEqual(['replaced-nothing']);
    expect(exitCode).toBe(1);
  });

  it('a wiped history is said instead of ok, though the run did compact (exit 0)', async () => {
    const { output, exitCode } = await json(sample, '--profile', 'auto-compactor', '--set', 'force=true', '--set', 'keepRecentTokens=1', '--set', 'offlineSummary.summaryMaxTokens=20');
    expect(output.success).toBe(true);
    expect(kinds(output)).toEqual(['history-wiped']);
    expect(output.outcome).toMatch(/^history wiped: kept \d{2,3} of 140,594 tokens$/);
    expect(exitCode).toBe(0);
  });
});
