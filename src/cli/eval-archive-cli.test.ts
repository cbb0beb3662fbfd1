import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { fixturesDirectory } from '../engine/formats/fixture-files.test-support';
import { evalArchiveFromJsonLog } from '../lab/inspect-eval-archive.test-support';
import { cli } from './cli.test-support';

/** A unified run on a 4,000-token window with a reserve that fits it, so the gate fires. */
const smallWindow = ['--profile', 'unified', '--window', '4000', '--set', 'reserveTokens=1000', '--set', 'keepRecentTokens=1500', '--json'];

const jsonLog = path.join(fixturesDirectory, 'inspect-ai__2025-05-12T20-27-36-04-00_browser.json');

/** The same log as an Inspect `.eval` archive, written to a temporary file. */
function evalFile(): string {
  const file = path.join(mkdtempSync(path.join(tmpdir(), 'compaction-lab-eval-')), 'browser.eval');
  writeFileSync(file, evalArchiveFromJsonLog());
  return file;
}

/** A compact report without its wall-clock times (two runs never take the same milliseconds) or its file name. */
function comparable(report: unknown): string {
  return JSON.stringify(report, (key, value: unknown) => (key === 'durationMs' || key === 'file' ? undefined : value));
}

describe('the CLI reads an Inspect .eval archive as the page does', () => {
  it('stats: the archive reports exactly what its JSON log reports', async () => {
    const fromArchive = await cli('stats', evalFile(), '--json');
    expect(fromArchive.stderr).toBe('');
    expect(fromArchive.code).toBe(0);
    const fromJson = await cli('stats', jsonLog, '--json');
    const archive = JSON.parse(fromArchive.stdout) as Record<string, unknown>;
    const json = JSON.parse(fromJson.stdout) as Record<string, unknown>;
    expect(archive).toMatchObject({ format: 'inspect-ai', messages: 10, toolCalls: 4 });
    expect({ ...archive, file: undefined }).toEqual({ ...json, file: undefined });
  });

  it('compact: a run forced by a small window on the archive makes the same passes as on its JSON log', async () => {
    const fromArchive = await cli('compact', evalFile(), ...smallWindow);
    expect(fromArchive.stderr).toBe('');
    expect(fromArchive.code).toBe(0);
    const fromJson = await cli('compact', jsonLog, ...smallWindow);
    const archive = JSON.parse(fromArchive.stdout) as { passes: unknown[]; file?: string };
    const json = JSON.parse(fromJson.stdout) as { passes: unknown[]; file?: string };
    expect(archive.passes.length, 'a window of 4,000 forces at least one pass').toBeGreaterThan(0);
    expect(comparable(archive)).toBe(comparable(json));
  });
});
