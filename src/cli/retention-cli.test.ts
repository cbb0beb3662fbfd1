import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { fixturesDirectory } from '../engine/formats/fixture-files.test-support';
import { abCommand } from './ab-command';
import { parseArguments } from './arguments';
import { compactCommand } from './compact-command';

const session = path.join(fixturesDirectory, 'claude-code__fa812bfe-b295-4cca-9c2f-fdf01028cb46.jsonl');
const truncating = ['--profile', 'two-tier', '--set', 'tokenThreshold=20000', '--set', 'compactStrategy="truncate"'];

/** Runs a command in-process (a child process would pay tsx's start-up on every call). */
const compact = async (...args: string[]): Promise<string> => (await compactCommand(parseArguments(['compact', session, ...args]))).stdout ?? '';

function configFile(name: string, document: Record<string, unknown>): string {
  const file = path.join(mkdtempSync(path.join(tmpdir(), 'compaction-lab-retention-')), `${name}.json`);
  writeFileSync(file, JSON.stringify(document));
  return file;
}

describe('retention in compaction-lab compact', () => {
  it('adds the last pass’s cumulative retention, lost facts with their source messages, and every pass’s flags to --json', async () => {
    const output = JSON.parse(await compact(...truncating, '--json'));
    expect(output.retention.total).toBeGreaterThan(100);
    expect(output.retention.overall).toBeCloseTo(output.retention.kept / output.retention.total);
    expect(output.retention.byCategory.command.total).toBeGreaterThan(output.retention.byCategory.command.kept);
    expect(output.retention.lostCount).toBe(output.retention.total - output.retention.kept);
    expect(output.retention.lost.length).toBe(Math.min(200, output.retention.lostCount));
    expect(output.retention.lost[0]).toEqual({ category: expect.any(String), text: expect.any(String), sourceMessageId: expect.any(String) });
    expect(output.passes[output.passes.length - 1].retention).toBe(output.retention.overall);
    expect(Array.isArray(output.flags)).toBe(true);
  });

  it('reports a lost pinned line as a flag with its pass', async () => {
    const config = configFile('pinned', { profile: 'two-tier', tokenThreshold: 20000, compactStrategy: 'truncate' });
    const output = JSON.parse(await compact('--config', config, '--json'));
    expect(output.flags.every((flag: { pass: number }) => flag.pass >= 1)).toBe(true);
    const pinnedConfig = configFile('pinned-auto', { profile: 'auto-compactor', window: 60000, operativeSkills: [{ name: 'git', operative: ['Never force-push.'] }] });
    const pinned = JSON.parse((await compactCommand(parseArguments(['compact', session, '--config', pinnedConfig, '--json']))).stdout ?? '');
    expect(pinned.retention.pinned).toEqual({ total: 1, kept: 1, lost: [] });
  });

  it('prints a retention column per pass and the retention by category under the table', async () => {
    const table = await compact(...truncating);
    expect(table).toMatch(/^pass\s+context before → after \(o200k_base exact \+ system prompt and tools\)\s+its estimate\s+strategy\s+attempts\s+fallback\s+duration\s+retention$/m);
    expect(table).toMatch(/^1\s+[\d,]+ → [\d,]+\s+[\d,]+ → [\d,]+\s+truncate\s+.*\d+\.\d% of \d+$/m);
    expect(table).toMatch(/^fact retention: \d+\.\d% of \d+ facts kept \(path \d+\/\d+, .*command \d+\/\d+.*\); \d+ lost$/m);
  });

  it('reports 100% with nothing lost when no pass ran', async () => {
    const output = JSON.parse(await compact('--profile', 'auto-compactor', '--window', '10000000', '--json'));
    expect(output.passes).toEqual([]);
    expect(output.retention).toMatchObject({ overall: 1, total: 0, lost: [], lostCount: 0 });
    expect(output.flags).toEqual([]);
  });
});

describe('retention in compaction-lab ab', () => {
  it('shows facts kept and loss flags per variant, with B − A', async () => {
    const a = configFile('a', { profile: 'two-tier', tokenThreshold: 20000, compactStrategy: 'observation-mask' });
    const b = configFile('b', { profile: 'two-tier', tokenThreshold: 20000, compactStrategy: 'truncate' });
    const output = JSON.parse((await abCommand(parseArguments(['ab', '--a', a, '--b', b, session, '--json']))).stdout ?? '');
    const retention = output.rows.find((row: { id: string }) => row.id === 'retention');
    expect(retention).toMatchObject({ label: 'facts kept', kind: 'percent' });
    expect(retention.a.value).toBeGreaterThan(retention.b.value);
    expect(retention.delta).toBeCloseTo(retention.b.value - retention.a.value);
    expect(output.a.stats.retentionPercent).toBe(retention.a.value);
    expect(output.rows.find((row: { id: string }) => row.id === 'loss-flags').a.value).toEqual(expect.any(Number));
    const table = (await abCommand(parseArguments(['ab', '--a', a, '--b', b, session]))).stdout;
    expect(table).toMatch(/^facts kept\s+\d+\.\d%\s+\d+\.\d%\s+−\d+\.\d%$/m);
    expect(table).toMatch(/^loss flags\s+\d+\s+\d+/m);
  });
});
