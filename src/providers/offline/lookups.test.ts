import { beforeAll, describe, expect, it } from 'vitest';
import type { TokenCounter } from '../../engine';
import { profileMeta } from '../../engine/profiles/meta';
import { loadTokenCounter } from '../../ports/tokenizer/token-counter';
import { corpusBeforeCompaction } from './corpus-session.test-support';
import { sessionLookups } from './lookups';
import { recordRun } from './profile-requests.test-support';
import type { ToolAction } from './tool-actions';

let counter: TokenCounter;
beforeAll(async () => {
  counter = await loadTokenCounter('o200k_base');
});

/** The lookups of shell commands run one after another, under this root. */
function lookupsOf(commands: readonly string[], root?: string): string[] {
  const actions: ToolAction[] = commands.map((command, order) => ({ kind: 'shell', tool: 'Bash', command, order, turn: 1 }));
  return sessionLookups(actions, root, new Set()).map((lookup) => lookup.text);
}

describe('what shell commands read and searched (issue 26)', () => {
  it('leaves out a file read or a folder listed in a temporary or build output folder', async () => {
    expect(lookupsOf(['tail -50 /tmp/claude-1000/task-output.log', 'cat _build/test/lib/app.log', 'ls /tmp/claude-1000', 'ls coverage/', 'cat lib/app.ex', 'ls lib'])).toEqual([
      'lib/app.ex',
      'listed lib',
    ]);
    // A project that itself lies under /tmp keeps its files: they are read by their repo-relative form.
    expect(lookupsOf(['cat /tmp/work/app/lib/app.ex', 'ls /tmp/work/app/lib', 'cat /tmp/claude-1000/out.log'], '/tmp/work/app')).toEqual(['lib/app.ex', 'listed /tmp/work/app/lib']);

    // A real session that printed its scratch files in /tmp with `cat` and `head`.
    const before = corpusBeforeCompaction('claude-code__entire-03a1382e-ecd5-42c4-b3d4-5c659e165904.jsonl');
    const run = await recordRun(before, { profile: 'unified', ...profileMeta.unified.sizedLike(8000) }, counter, 8000);
    const summary = run.calls.map((call) => call.summary).join('\n');
    expect(summary).toContain('/tmp/entire-index-debug.log');
    expect(summary).not.toMatch(/^- \/tmp\/\S+ \(read\)$/m);
  });

  it('takes the pattern a search option gives, and never an option\'s value for the pattern or a place', () => {
    expect(lookupsOf(['grep -rn -e needle src'])).toEqual(['searched `needle` in src']);
    expect(lookupsOf(['grep -rn --regexp=needle -e other src lib'])).toEqual(['searched `needle|other` in src lib']);
    expect(lookupsOf(['rg -t go needle cmd/'])).toEqual(['searched `needle` in cmd/']);
    expect(lookupsOf(["rg --glob '*.ts' -A 3 --max-count 5 needle src"])).toEqual(['searched `needle` in src']);
    expect(lookupsOf(['grep -rnA3 --include=*.go needle lib'])).toEqual(['searched `needle` in lib']);
    expect(lookupsOf(['grep -rn -m 1 --exclude-dir node_modules needle src'])).toEqual(['searched `needle` in src']);
    expect(lookupsOf(['rg --color never -C2 needle -- -odd-name'])).toEqual(['searched `needle`']);
    // `grep -T` takes no value (`rg -T` does): the next word is the pattern.
    expect(lookupsOf(['grep -T needle src', 'rg -T md needle docs'])).toEqual(['searched `needle` in src', 'searched `needle` in docs']);
    // Patterns read from a file name no pattern.
    expect(lookupsOf(['grep -f patterns.txt src'])).toEqual([]);
  });

  it('cuts a command at its output redirection however many `>` and carriage returns follow', () => {
    expect(lookupsOf([`cat notes/a.txt ${'>'.repeat(40_000)}\r x`, 'head -5 lib/app.ex > /tmp/out.txt\r'])).toEqual(['notes/a.txt', 'lib/app.ex']);
  });
});
