import { execFileSync } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { UsageError } from './arguments';
import { readConfigObject, readUserFile, tooDeepAt } from './read-input-file';

const folder = mkdtempSync(path.join(tmpdir(), 'compaction-lab-read-'));

async function refusal(read: Promise<unknown>): Promise<string> {
  try {
    await read;
  } catch (error) {
    if (error instanceof UsageError) return `${error.exitCode}: ${error.message}`;
    throw error;
  }
  return 'read';
}

describe('reading the files a user names (issue 14 items 12 and 13)', () => {
  it('reads only a regular file: a directory, a pipe with no writer and an endless device are refused at once', async () => {
    const fifo = path.join(folder, 'pipe');
    execFileSync('mkfifo', [fifo]);
    // Refused by what the file is (its stat), before any read: a read of the pipe would wait for a writer for ever and one
    // of /dev/zero would never reach an end, so a refusal that names the kind of file is one that read nothing.
    // (`npm run bench -- cli` times these refusals.)
    expect(await refusal(readUserFile(fifo, 1000))).toBe(`2: ${fifo}: is a named pipe (FIFO), not a regular file; the CLI reads only regular files, so save the input to a file first`);
    expect(await refusal(readUserFile('/dev/zero', 1000))).toBe('2: /dev/zero: is a device, not a regular file');
    expect(await refusal(readUserFile(folder, 1000))).toBe(`2: ${folder}: is a directory, not a file`);
  });

  it('names a missing file and one over the limit', async () => {
    expect(await refusal(readUserFile(path.join(folder, 'none.json'), 1000))).toBe(`2: ${path.join(folder, 'none.json')}: no such file`);
    const big = path.join(folder, 'big.json');
    writeFileSync(big, 'x'.repeat(2000));
    expect(await refusal(readUserFile(big, 1000))).toBe(`2: ${big}: 2000 bytes exceeds the 1000-byte limit`);
    expect(await readUserFile(big, 5000)).toEqual({ text: 'x'.repeat(2000), byteLength: 2000 });
  });

  it('finds where a value is nested too deep without recursion, 100,000 levels down', () => {
    let deep: unknown = 1;
    for (let level = 0; level < 100_000; level++) deep = { a: [deep] };
    const at = tooDeepAt(deep, 64);
    expect(at).toMatch(/^a\[0\]\.a\[0\].*….*\.a\[0\]$/);
    expect(tooDeepAt({ providers: { main: { model: 'x' } } }, 64)).toBeUndefined();
  });

  it('reads a config only as a JSON object, naming the file and what it is instead', async () => {
    const cases: [string, string, RegExp][] = [
      ['array.json', '[]', /a config is a JSON object \(\{"profile": …\}\), not an array$/],
      ['number.json', '42', /not a number$/],
      ['null.json', 'null', /not null$/],
      ['broken.json', '{"profile": ', /: not JSON: /],
    ];
    for (const [name, text, message] of cases) {
      const target = path.join(folder, name);
      writeFileSync(target, text);
      const refused = await refusal(readConfigObject(target));
      expect(refused.startsWith(`2: ${target}: `)).toBe(true);
      expect(refused).toMatch(message);
      expect(await refusal(readConfigObject(target, 1))).toMatch(/^1: /);
    }
  });
});
