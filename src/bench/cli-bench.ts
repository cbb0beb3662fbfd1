import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { parseArguments } from '../cli/arguments';
import { checkCommandLine } from '../cli/command-grammar';
import { readUserFile } from '../cli/read-input-file';
import { replayCommand } from '../cli/replay-command';
import { formatMs, formatTable, print, timeAsync } from './timing';

/** A transcript of the e2e fixtures with tool turns, so a two-tier replay compacts (and calls its callback) early. */
const transcript = path.join(import.meta.dirname, '..', '..', 'e2e', 'fixtures', 'transcripts', 'claude-code__tool_heavy.jsonl');
const budgetSeconds = 0.5;

function ratio(value: number, baseline: number): string {
  return `${(value / baseline).toFixed(1)}×`;
}

/** Milliseconds until `read` settles, refused or not (the refusal itself is what the unit tests check). */
async function settleMs(read: () => Promise<unknown>): Promise<number> {
  return (await timeAsync(() => read().catch(() => undefined))).durationMs;
}

/** `replay` in-process under a two-tier config whose custom compactor is `source`, as the CLI runs it. */
async function replayWith(folder: string, name: string, source: string): Promise<number> {
  const config = path.join(folder, `${name}.json`);
  writeFileSync(config, JSON.stringify({ profile: 'two-tier', tokenThreshold: 1000, compactStrategy: 'custom', customCompactor: source }));
  const line = parseArguments(['replay', transcript, '--config', config, '--allow-callbacks', '--callback-budget', String(budgetSeconds), '--json']);
  checkCommandLine(line);
  return (await timeAsync(() => replayCommand(line))).durationMs;
}

/**
 * What the CLI's tests assert by mechanism (issue 25 item 10), timed here: how soon a file that must not be read is
 * refused, against reading a small regular file; and how long a replay whose callback loops takes with a 0.5 s
 * callback budget, against the same replay with a callback that returns at once and against the budget itself.
 */
export async function runCliBench(): Promise<void> {
  const folder = mkdtempSync(path.join(tmpdir(), 'compaction-lab-cli-bench-'));
  try {
    const small = path.join(folder, 'small.json');
    writeFileSync(small, '{"profile":"auto-compactor"}');
    const fifo = path.join(folder, 'pipe');
    execFileSync('mkfifo', [fifo]);
    await settleMs(() => readUserFile(small, 1_000_000));
    const baselineMs = await settleMs(() => readUserFile(small, 1_000_000));
    const refusals: [string, string][] = [['a named pipe nobody writes', fifo], ['/dev/zero', '/dev/zero'], ['a directory', folder]];
    const rows = [['a 28-byte regular file (baseline)', formatMs(baselineMs), '1.0×']];
    for (const [label, target] of refusals) {
      const durationMs = await settleMs(() => readUserFile(target, 1_000_000));
      rows.push([`refused: ${label}`, formatMs(durationMs), ratio(durationMs, baselineMs)]);
    }
    print(formatTable(['file', 'time', 'vs baseline'], rows));
    print();
    const returns = 'messages => ({ summary: `kept ${messages.length}` })';
    // The first replay loads the tokenizer and warms the code: the second is the baseline.
    await replayWith(folder, 'warm-up', returns);
    const returnsMs = await replayWith(folder, 'returns', returns);
    const loopsMs = await replayWith(folder, 'loops', 'async messages => { await null; for (;;) {} }');
    print(formatTable(['replay, --callback-budget 0.5', 'time', 'vs returning callback', 'vs the budget'], [
      ['callback returns at once (baseline)', formatMs(returnsMs), '1.0×', ratio(returnsMs, budgetSeconds * 1000)],
      ['callback loops after an await', formatMs(loopsMs), ratio(loopsMs, returnsMs), ratio(loopsMs, budgetSeconds * 1000)],
    ]));
  } finally {
    rmSync(folder, { recursive: true, force: true });
  }
}
