import { describe, expect, it } from 'vitest';
import { scanToolLine } from './tool-call-scanner';

function scan(line: string) {
  const found = { read: [] as string[], changed: [] as string[], commands: [] as string[] };
  scanToolLine(line, {
    onRead: (path) => found.read.push(path),
    onChange: (path) => found.changed.push(path),
    onCommand: (command) => found.commands.push(command),
  });
  return found;
}

describe('tool call scanner', () => {
  it('reads the Dart seed\'s `name(k=<json>)` calls, several to a line', () => {
    expect(scan('Read(file_path="/a/b.ts"); Bash(command="npm test\\nnpm run lint", description="x"); Write(file_path="/a/c.ts", content="f(x) { path=\\"/nope\\" }")'))
      .toEqual({ read: ['/a/b.ts'], changed: ['/a/c.ts'], commands: ['npm test'] });
  });

  it('does not take code inside another argument for a call', () => {
    expect(scan('Edit(file_path="/a.ts", old_string="Read(file_path=\\"/b.ts\\")", new_string="")')).toEqual({ read: [], changed: ['/a.ts'], commands: [] });
  });

  it('reads the ADK seed\'s `name {json}` fragments, even cut at 200 characters', () => {
    expect(scan('Read {"file_path":"/x/y.md"}').read).toEqual(['/x/y.md']);
    expect(scan('Bash {"command":"git commit -m \\"a very long message that was cut').commands).toEqual(['git commit -m "a very long message that was cut']);
  });

  it('reads raw JSON calls with a "name" key and Codex argv arrays', () => {
    expect(scan('{"name":"Edit","input":{"file_path":"src/a.ts"}}').changed).toEqual(['src/a.ts']);
    expect(scan('shell({"command":["bash","-lc","ls -la src"]})').commands).toEqual(['ls -la src']);
    expect(scan('exec(cmd=["git","status"])').commands).toEqual(['git status']);
  });

  it('finds the files an apply_patch body touches', () => {
    expect(scan('apply_patch(input="*** Begin Patch\\n*** Update File: src/a.ts\\n@@\\n*** Add File: src/b.ts\\n*** End Patch")').changed).toEqual(['src/a.ts', 'src/b.ts']);
  });

  it('tells the editor tool\'s view from its edits, whatever the argument order', () => {
    expect(scan('str_replace_based_edit_tool(command="view", path="/r.py")')).toEqual({ read: ['/r.py'], changed: [], commands: [] });
    expect(scan('str_replace_editor(path="/w.py", command="str_replace", old_str="a")')).toEqual({ read: [], changed: ['/w.py'], commands: [] });
  });

  it('ignores search tools\' directory paths and implausible paths', () => {
    expect(scan('Grep(pattern="x", path="/src"); Glob(pattern="**/*.ts")')).toEqual({ read: [], changed: [], commands: [] });
    expect(scan('Read(file_path="")').read).toEqual([]);
  });
});
