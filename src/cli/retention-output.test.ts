import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { factCategories, type RetentionReport } from '../engine';
import { fixturesDirectory } from '../engine/formats/fixture-files.test-support';
import { parseArguments } from './arguments';
import { compactCommand } from './compact-command';
import { retentionLines, retentionOutput, withNeedWeighted, type RetentionOutput } from './retention-output';

describe('evidence quoted under the compact table (masked before it is cut)', () => {
  it('masks a key in a flag’s evidence even where the cut at 120 characters falls inside it', () => {
    const key = 'sk-proj-AAAAbbbbCCCCddddEEEEffffGGGGhhhh1234';
    const evidence = `${'x'.repeat(80)} ${key} and more`;
    const retention = { total: 0 } as RetentionOutput;
    const [line] = retentionLines(retention, [{ pass: 1, kind: 'lost-fact', message: 'a fact was lost', evidence }]);
    expect(line).toContain('sk-pro… (44 characters)');
    expect(line).not.toContain('AAAAbbbb');
  });
});

describe('the need-weighted view in compact’s retention output', () => {
  const session = path.join(fixturesDirectory, 'claude-code__fa812bfe-b295-4cca-9c2f-fdf01028cb46.jsonl');
  const compact = async (...args: string[]): Promise<string> => (await compactCommand(parseArguments(['compact', session, '--profile', 'auto-compactor', '--window', '60000', ...args]))).stdout ?? '';

  it('adds needWeighted to each pass and, in full, to the last pass’s retention', async () => {
    const output = JSON.parse(await compact('--json'));
    const [pass] = output.passes;
    expect(pass.needWeighted).toEqual({ score: expect.any(Number), needed: expect.any(Number), kept: expect.any(Number), laterMessages: expect.any(Number) });
    expect(pass.needWeighted.needed).toBeGreaterThan(10);
    expect(pass.needWeighted.laterMessages).toBeGreaterThan(10);
    expect(pass.needWeighted.score).toBeCloseTo(pass.needWeighted.kept / pass.needWeighted.needed);
    // The existing fields stay as they were.
    expect(pass.retention).toBe(output.retention.overall);
    const detail = output.retention.needWeighted;
    expect(detail).toMatchObject(pass.needWeighted);
    expect(detail.lostCount).toBe(detail.needed - detail.kept);
    expect(detail.lost).toHaveLength(detail.lostCount);
    for (const fact of detail.lost) expect(fact).toEqual({ category: expect.any(String), text: expect.any(String), sourceMessageId: expect.any(String), usedAt: [expect.any(String), ...fact.usedAt.slice(1)] });
    const table = await compact();
    expect(table).toMatch(/^needed later: \d+\.\d% of \d+ facts the transcript used after the compacted part kept \((\w+ \d+\/\d+(, )?)+\); \d+ lost — checked without the \d+ later messages the output keeps$/m);
  });

  it('leaves the field out and says why when nothing comes after the compacted part', () => {
    const everything = { pass: 1, perPass: report(), cumulative: report(), flags: [] };
    const { retention } = retentionOutput([everything]);
    expect(retention).not.toHaveProperty('needWeighted');
    expect(withNeedWeighted(everything)).toEqual({});
    expect(retentionLines(retention, [])).toContain('needed later: not measured (nothing in the transcript comes after the compacted part)');
  });
});

/** A retention report with three facts of which two were kept (test data). */
function report(): RetentionReport {
  const byCategory = Object.fromEntries(factCategories.map((category) => [category, { total: category === 'path' ? 3 : 0, kept: category === 'path' ? 2 : 0 }])) as RetentionReport['byCategory'];
  return { total: 3, kept: 2, overall: 2 / 3, byCategory, lost: [{ category: 'path', text: 'src/a.ts', sourceMessageId: 'm1' }], pinned: { total: 0, kept: 0, lost: [] } };
}
