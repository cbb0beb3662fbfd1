import { describe, expect, it } from 'vitest';
import { commandCore, wholeCommand } from './command-core';

describe('commandCore', () => {
  it('keeps the command that does the work, its producer, without setup, redirections or quoted arguments', () => {
    expect(commandCore('cd /repo && npm test -- --run 2>&1 | tail -30')).toBe('npm test');
    expect(commandCore('export CI=1; NODE_ENV=test sudo mix test test/a_test.exs > out.txt')).toBe('mix test test/a_test.exs');
    expect(commandCore('python -c "import sys; print(sys.path)"')).toBe('python -c');
    expect(commandCore('git commit -m "$(cat <<EOF\nmessage\nEOF\n)"')).toBe('git commit -m');
    expect(commandCore('cd /repo')).toBeUndefined();
  });
});

describe('wholeCommand', () => {
  it('keeps every argument of the command that does the work, without its wrapping', () => {
    expect(wholeCommand('cd /repo && GOFLAGS=-v go test ./cmd/x -run TestY 2>&1 | tail -20')).toBe('go test ./cmd/x -run TestY');
    expect(wholeCommand('sudo mise run test:ci > out.txt 2>&1; echo "exit $?"')).toBe('mise run test:ci');
    expect(wholeCommand('grep -rn "a|b" src | sort | head')).toBe('grep -rn "a|b" src');
  });

  it('keeps a captured command whole: `a=$(cmd)` runs cmd', () => {
    expect(wholeCommand('pr=$(gh pr view --json number -q .number) && echo "$pr"')).toBe('pr=$(gh pr view --json number -q .number)');
  });

  it('names none for a line that runs several commands that do work, or only setup', () => {
    expect(wholeCommand('mise run fmt && mise run lint')).toBeUndefined();
    expect(wholeCommand("gh api repos/o/r/pulls --paginate | jq '.[]'")).toBeUndefined();
    expect(wholeCommand('cd /repo')).toBeUndefined();
  });
});
