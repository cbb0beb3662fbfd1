import { describe, expect, it } from 'vitest';
import { findRepoRoot, relativeTo } from './repo-paths';
import { actionsOfCall } from './tool-actions';
import { parseCallLine } from './tool-call-parser';

describe('tool calls read back into arguments', () => {
  it('reads the Dart seed\'s `Name(k=<json>, …)` calls joined by `; `, strings with quotes, commas and parentheses inside', () => {
    const line = 'Edit(file_path="/a/b.ts", old_string="f(a, \\"x\\"); g()", new_string="f(b)"); Bash(command="npm test", timeout=60000); TodoWrite(todos=[{"content":"Fix it","status":"in_progress"}])';
    expect(parseCallLine(line).map(({ name, args }) => ({ name, args }))).toEqual([
      { name: 'Edit', args: { file_path: '/a/b.ts', old_string: 'f(a, "x"); g()', new_string: 'f(b)' } },
      { name: 'Bash', args: { command: 'npm test', timeout: 60000 } },
      { name: 'TodoWrite', args: { todos: [{ content: 'Fix it', status: 'in_progress' }] } },
    ]);
  });

  it('reads the ADK seed\'s `Name {json}`, and keeps a line cut at 200 characters raw for the scanner', () => {
    expect(parseCallLine('Read {"file_path":"/x/y.md"}')).toEqual([{ name: 'Read', args: { file_path: '/x/y.md' }, raw: 'Read {"file_path":"/x/y.md"}' }]);
    const cut = 'Bash {"command":"git commit -m \\"a long message that was cu';
    expect(parseCallLine(cut)).toEqual([{ name: 'Bash', args: undefined, raw: cut }]);
  });

  it('gives text that is no call back whole, never throwing on a hostile line', () => {
    expect(parseCallLine('just prose (with parentheses)')).toEqual([{ name: '', raw: 'just prose (with parentheses)' }]);
    const hostile = `Read(${'file_path="'.repeat(50_000)}`;
    expect(parseCallLine(hostile)).toEqual([{ name: '', raw: hostile }]);
  });
});

describe('repo-relative paths', () => {
  const root = '/home/me/projects/app';
  const paths = [`${root}/lib/app/a.ex`, `${root}/lib/app_web/b.ex`, `${root}/test/a_test.exs`, `${root}/plugin/scripts/x.sh`, '/tmp/out.log'];

  it('finds the directory most paths enter a conventional top-level folder from, or the one the commands cd into', () => {
    expect(findRepoRoot(paths, [])).toBe(root);
    expect(findRepoRoot(['/srv/site/index.html', '/srv/site/about/index.html'], ['cd /srv/site && make'])).toBe('/srv/site');
    // Nothing stands out: paths stay whole.
    expect(findRepoRoot(['/a/one.txt', '/b/two.txt', '/c/three.txt'], [])).toBeUndefined();
  });

  it('makes a path under the root relative and leaves any other whole', () => {
    expect(relativeTo(root, `${root}/plugin/scripts/x.sh`)).toBe('plugin/scripts/x.sh');
    expect(relativeTo(root, '/tmp/out.log')).toBe('/tmp/out.log');
    expect(relativeTo(root, `${root}-other/lib/x.ex`)).toBe(`${root}-other/lib/x.ex`);
  });

  it('reads the items of a plan the ADK seed cut at 200 characters that survived the cut', () => {
    // A real session's TodoWrite call as rolling-summary's `qa` text wrote it (corpus 85cc202e), cut mid-item.
    const line =
      'TodoWrite {"todos":[{"content":"Create generic RunCommandInteractive in testenv.go","status":"completed","activeForm":"Creating generic helper"},{"content":"Move waitForPromptAndRespond to testenv.go","status"';
    const actions = parseCallLine(line).flatMap((call) => actionsOfCall(call, { order: 0, turn: 1 }));
    expect(actions.map(({ kind, plan }) => ({ kind, plan }))).toEqual([
      {
        kind: 'todo',
        plan: [
          { text: 'Create generic RunCommandInteractive in testenv.go', status: 'completed' },
          { text: 'Move waitForPromptAndRespond to testenv.go', status: 'pending' },
        ],
      },
    ]);
  });
});
