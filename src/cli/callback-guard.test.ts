import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { fixturesDirectory } from '../engine/formats/fixture-files.test-support';
import { runCompaction } from '../worker/run-compaction';
import { UsageError } from './arguments';
import { createCliCallbackRunner, readCallbackBudget } from './callback-guard';
import { readTranscriptFile } from './read-transcript';

describe('the CLI’s callback budget (issue 14 item 13)', () => {
  it('stops a callback that never yields, and one that awaits forever, with a timeout error', async () => {
    const runner = createCliCallbackRunner(100);
    await expect(runner.runCustom('messages => { while (true) {} }', [])).rejects.toThrow('timed out: the callback did not finish within its 0.1 s budget');
    await expect(runner.runMask('messages => new Promise(() => {})', [])).rejects.toThrow('timed out');
    await expect(runner.runCustom('messages => ({ summary: `kept ${messages.length}` })', [{ role: 'user', content: 'x' }])).resolves.toEqual({ summary: 'kept 1' });
    await expect(runner.runCustom('messages => { throw new Error("mine") }', [])).rejects.toThrow('mine');
  });

  it('fails the pass of a run whose custom compactor hangs, naming the callback and the budget', async () => {
    const imported = await readTranscriptFile(path.join(fixturesDirectory, 'claude-code__tool_heavy.jsonl'));
    const config = { profile: 'two-tier', tokenThreshold: 1000, compactStrategy: 'custom', customCompactor: 'messages => { for (;;) {} }' };
    const result = await runCompaction(imported.transcripts[0], { config, allowCallbacks: true }, () => {}, { callbacks: createCliCallbackRunner(200) });
    expect(result).toMatchObject({ success: false, error: { code: 'callback-failed', message: 'custom_compactor failed: timed out: the callback did not finish within its 0.2 s budget' } });
  });

  it('reads --callback-budget as positive seconds', () => {
    expect(readCallbackBudget(undefined)).toBe(60_000);
    expect(readCallbackBudget('2.5')).toBe(2500);
    for (const bad of ['0', '-1', 'soon', true] as const) expect(() => readCallbackBudget(bad)).toThrow(UsageError);
  });
});
