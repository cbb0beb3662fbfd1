import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { writeBenchFiles } from './ui/bench-files';
import { formatMs, formatTable, print } from './timing';

const root = path.join(import.meta.dirname, '..', '..');
const builtCli = path.join(root, 'build', 'cli', 'main.mjs');
const smallTranscript = path.join(root, 'e2e', 'fixtures', 'transcripts', 'claude-code__tool_heavy.jsonl');
const runs = 7;

/**
 * The plain js-tiktoken script the CLI is measured against: parse the OpenAI Chat file, encode every message's text and
 * tool-call arguments in o200k_base, print the total. What a user would write before reaching for the lab.
 */
const tiktokenScript = `
import { readFileSync } from 'node:fs';
import { Tiktoken } from 'js-tiktoken/lite';
import o200k from 'js-tiktoken/ranks/o200k_base';
const encoder = new Tiktoken(o200k);
let total = 0;
for (const message of JSON.parse(readFileSync(process.argv[1], 'utf8'))) {
  const parts = typeof message.content === 'string' ? [message.content] : (message.content ?? []).map((part) => part.text ?? '');
  for (const call of message.tool_calls ?? []) parts.push(call.function.arguments);
  for (const text of parts) total += encoder.encode(text).length;
}
process.stdout.write(String(total) + '\\n');
`;

/** Median wall time (ms) of `runs` runs of a whole process, after one run that fills Node's compile cache. */
function processMs(args: readonly string[]): number {
  const once = () => {
    const started = performance.now();
    execFileSync(process.execPath, args, { cwd: root, stdio: ['ignore', 'ignore', 'ignore'], maxBuffer: 256 * 1024 * 1024 });
    return performance.now() - started;
  };
  once();
  const times = Array.from({ length: runs }, once).sort((first, second) => first - second);
  return times[Math.floor(runs / 2)];
}

/**
 * `npm run bench -- cli-start` (issue 30): whole-process wall times of the built CLI (rebuilt first, as `npm install`
 * builds it), each the median of 7 runs after a warm-up, against `node -e 0` with the same Node, and `stats --json` on
 * a ~1.4 M-token transcript against a plain js-tiktoken script counting the same file. Targets: stats on a small
 * transcript ≤ 4× `node -e 0`, `--help` ≤ 3×, and the large stats ≥ 2× faster than the script. Reports; never fails.
 */
export async function runCliStartBench(): Promise<void> {
  execFileSync(process.execPath, [path.join(root, 'src', 'tooling', 'build-cli.mjs')], { cwd: root, stdio: 'inherit' });
  const folder = mkdtempSync(path.join(tmpdir(), 'compaction-lab-cli-start-'));
  try {
    const large = writeBenchFiles(folder, 6_200_000).large;
    const tokens = JSON.parse(execFileSync(process.execPath, [builtCli, 'stats', large.path, '--json'], { encoding: 'utf8', maxBuffer: 64 * 1024 * 1024 })) as { tokens: { total: number } };
    const baselineMs = processMs(['-e', '0']);
    const helpMs = processMs([builtCli, '--help']);
    const smallMs = processMs([builtCli, 'stats', smallTranscript, '--json']);
    const largeMs = processMs([builtCli, 'stats', large.path, '--json']);
    const scriptMs = processMs(['--input-type=module', '-e', tiktokenScript, large.path]);
    const times = (value: number, baseline: number) => `${(value / baseline).toFixed(2)}×`;
    print(`Node ${process.version}; medians of ${runs} whole-process runs after a warm-up; the large transcript is ${tokens.tokens.total.toLocaleString('en-US')} o200k_base tokens (${(large.byteLength / 1e6).toFixed(1)} MB).`);
    print(formatTable(['process', 'wall time', 'ratio', 'target'], [
      ['node -e 0 (baseline)', formatMs(baselineMs), '1.00×', ''],
      ['compaction-lab --help', formatMs(helpMs), times(helpMs, baselineMs), '≤ 3× node -e 0'],
      [`compaction-lab stats --json, ${path.basename(smallTranscript)}`, formatMs(smallMs), times(smallMs, baselineMs), '≤ 4× node -e 0'],
      ['js-tiktoken script on the large transcript', formatMs(scriptMs), '', ''],
      ['compaction-lab stats --json on the large transcript', formatMs(largeMs), `${(scriptMs / largeMs).toFixed(2)}× faster`, '≥ 2× faster than the script'],
    ]));
  } finally {
    rmSync(folder, { recursive: true, force: true });
  }
}
