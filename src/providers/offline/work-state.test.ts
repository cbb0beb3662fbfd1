import { describe, expect, it } from 'vitest';
import { extractFacts } from './conversation-facts';
import { splitTurns } from './conversation-turns';
import { deriveWorkState } from './work-state';

describe('the files a session named (issue 26)', () => {
  it('keeps the files named in a project that lies under /tmp, and drops the harness\'s scratch files there', () => {
    const facts = extractFacts(splitTurns([
      '[User]: The parser in /tmp/work/app/lib/parser.ex breaks on blank lines; the log is in /tmp/claude-1000/task-output.log',
      '[Assistant tool calls]: Read(file_path="/tmp/work/app/lib/app.ex"); Read(file_path="/tmp/work/app/test/app_test.exs")',
      '[Tool result]: defmodule App do',
      '[Tool result]: defmodule AppTest do',
      '[Assistant]: Next I will look at /tmp/work/app/lib/parser.ex and /tmp/work/app/build/out.txt.',
    ].join('\n')));
    expect(facts.mentionedPaths).toEqual(expect.arrayContaining(['/tmp/claude-1000/task-output.log', '/tmp/work/app/build/out.txt']));
    const state = deriveWorkState(facts);
    expect(state.root).toBe('/tmp/work/app');
    expect(state.named).toContain('lib/parser.ex');
    expect(state.named.filter((path) => path.includes('claude-1000') || path.startsWith('build/'))).toEqual([]);
  });
});
