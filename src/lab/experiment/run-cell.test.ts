import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { fixturesDirectory } from '../../engine/formats/fixture-files.test-support';
import { cli } from '../../cli/cli.test-support';
import { importBytes } from '../import-bytes';
import { runCell } from './run-cell';

// runCell against the CLI's own commands on the same file and config: the cell states what `compact --json` and
// `replay --json` state, on the same basis.
const file = path.join(fixturesDirectory, 'claude-code__tool_heavy.jsonl');
const [transcript] = (await importBytes(new Uint8Array(readFileSync(file)), file)).transcripts;
const document = { profile: 'two-tier', tokenThreshold: 1500 };
const configFile = path.join(mkdtempSync(path.join(tmpdir(), 'compaction-lab-cell-')), 'small.json');
writeFileSync(configFile, JSON.stringify(document));
const config = { name: 'small', document };

describe('runCell', () => {
  it('compaction mode: the context before and after, the flags and the retention `compact --json` states', async () => {
    const [row, compact] = await Promise.all([runCell(transcript, config, 'compaction', { encoding: 'o200k_base', file }), cli('compact', file, '--config', configFile, '--json')]);
    const json = JSON.parse(compact.stdout) as { context: { before: number; after: number; unstoredOverhead: number; window: number | null }; summarizerCalls: number; flags: { kind: string }[]; passes: unknown[]; retention: { needWeighted?: { score: number; needed: number } } };
    expect(row).toMatchObject({ file, config: 'small', mode: 'compaction', ok: true, encoding: 'o200k_base', costUsd: 0, compactions: json.passes.length > 0 ? 1 : 0, summarizerCalls: json.summarizerCalls });
    if (!row.ok) throw new Error(row.error);
    expect(row.contextBefore).toBe(json.context.before + json.context.unstoredOverhead);
    expect(row.contextAfter).toBe(json.context.after + json.context.unstoredOverhead);
    expect(row.windowShareAfter).toBeNull();
    const outcomeKinds = ['over-window', 'no-op-pass', 'estimate-disagrees', 'history-wiped', 'replaced-nothing'];
    expect([...row.flags].sort()).toEqual([...new Set(json.flags.map((flag) => flag.kind).filter((kind) => outcomeKinds.includes(kind)))].sort());
    expect(row.flags).toContain('estimate-disagrees');
    const needed = json.retention.needWeighted;
    expect(row.needWeighted).toBe(needed && needed.needed > 0 ? needed.score : null);
    expect(row.durationMs).toBeGreaterThanOrEqual(0);
  }, 60_000);

  it('replay mode: the peak, compactions, summarizer calls and the policy’s bill `replay --json` states', async () => {
    const [row, replay, stats] = await Promise.all([
      runCell(transcript, config, 'replay', { encoding: 'o200k_base', file, run: 1 }),
      cli('replay', file, '--config', configFile, '--json'),
      cli('stats', file, '--json'),
    ]);
    const json = JSON.parse(replay.stdout) as { peakTokens: number; unstoredOverhead: number; totals: { compactions: number; summarizerCalls: number }; cost: { policy: { totalUsd: number | null } } };
    expect(row).toMatchObject({ run: 1, mode: 'replay', ok: true, contextAfter: json.peakTokens, compactions: json.totals.compactions, summarizerCalls: json.totals.summarizerCalls, costUsd: json.cost.policy.totalUsd, encoding: 'o200k_base' });
    // Its compaction leaves the context over the 1,500-token trigger (the unstored overhead alone is over it), as `compact` flags it.
    expect(row.ok && row.flags).toEqual(['estimate-disagrees']);
    expect(json.totals.compactions).toBeGreaterThan(0);
    const counted = JSON.parse(stats.stdout) as { tokens: { total: number } };
    expect(row.ok && row.contextBefore).toBe(counted.tokens.total + json.unstoredOverhead);
  }, 60_000);

  it('says why a cell did not run: an invalid config, a config known by name only, a cancel', async () => {
    const invalid = await runCell(transcript, { name: 'bad', document: { profile: 'two-tier', tokenThreshold: 'many' } }, 'compaction', { encoding: 'o200k_base', file });
    expect(invalid).toMatchObject({ ok: false, error: expect.stringMatching(/^Invalid config: tokenThreshold/) });
    expect(await runCell(transcript, { name: 'old.json' }, 'replay', { encoding: 'o200k_base', file })).toMatchObject({ ok: false, error: expect.stringMatching(/has no document/) });
    const cancelled = await runCell(transcript, config, 'replay', { encoding: 'o200k_base', file, signal: AbortSignal.abort() });
    expect(cancelled).toMatchObject({ ok: false, error: expect.stringMatching(/^cancelled/) });
  }, 60_000);
});
