import { describe, expect, it } from 'vitest';
import type { Block, Message, ToolCallBlock, ToolResultBlock } from '../transcript/model';
import { isBulkOutput, isBulkShaped, isReadingCommand } from './bulk-output';
import { extractFacts } from './extract-facts';

const call = (name: string, args: unknown): ToolCallBlock => ({ kind: 'tool_call', callId: 'c1', name, args, argsRaw: JSON.stringify(args) });
const result = (content: string, isError = false, name?: string): ToolResultBlock => ({ kind: 'tool_result', callId: 'c1', content, isError, name });
const message = (id: string, role: Message['role'], blocks: Block[]): Message => ({ id, role, origin: role === 'assistant' ? 'model' : 'tool', blocks, sourceRef: {}, raw: null });

// Short on purpose: no shape rule applies, so only the call can make it bulk.
const shortOutput = 'import { retryPolicy } from "./retry";\nconst timeoutMs = 30s;';

describe('isBulkOutput', () => {
  it('knows readers, listers, searchers and fetchers by name, across formats (MCP by its last name part)', () => {
    for (const name of ['Read', 'LS', 'Glob', 'Grep', 'WebFetch', 'WebSearch', 'read_file', 'list_directory', 'search_file_content', 'open', 'search_dir', 'browser', 'mcp__filesystem__read_file']) {
      expect(isBulkOutput(result(shortOutput), call(name, {})), name).toBe(true);
    }
    expect(isBulkOutput(result(shortOutput, false, 'read_file'), undefined)).toBe(true);
    for (const name of ['Edit', 'Write', 'Task', 'TodoWrite', 'apply_patch']) expect(isBulkOutput(result(shortOutput), call(name, {})), name).toBe(false);
  });

  it('reads an editor’s view and a shell command that reads, lists or searches as bulk; a test run is not', () => {
    expect(isBulkOutput(result(shortOutput), call('str_replace_editor', { command: 'view', path: '/w/a.py' }))).toBe(true);
    expect(isBulkOutput(result(shortOutput), call('str_replace_editor', { command: 'str_replace', path: '/w/a.py' }))).toBe(false);
    expect(isBulkOutput(result(shortOutput), call('Bash', { command: 'cd /repo && cat src/a.ts | head -50' }))).toBe(true);
    expect(isBulkOutput(result(shortOutput), call('shell', { command: ['bash', '-lc', "sed -n '1,80p' src/a.ts"] }))).toBe(true);
    expect(isBulkOutput(result(shortOutput), call('Bash', { command: 'npm test 2>&1 | tail -30' }))).toBe(false);
  });

  it('knows reading commands by their first program doing work', () => {
    for (const command of ['ls -la', 'FOO=1 rg -n retry src', 'git diff --stat', 'git -C repo log -5', 'find . -name "*.ts"', 'sudo tree /etc', '/usr/bin/grep x y']) expect(isReadingCommand(command), command).toBe(true);
    for (const command of ['git commit -m "x"', 'sed -i s/a/b/ f', 'mix test', 'cd repo && npm run build', 'echo hi']) expect(isReadingCommand(command), command).toBe(false);
  });

  it('reads numbered lines or bare path lines as bulk whatever the tool, from five lines up', () => {
    const numbered = Array.from({ length: 6 }, (_, index) => `${String(index + 1).padStart(6)}→const value${index} = ${index};`).join('\n');
    expect(isBulkShaped(numbered)).toBe(true);
    expect(isBulkShaped(numbered.split('\n').slice(0, 4).join('\n'))).toBe(false);
    expect(isBulkShaped('src/a.ts\nsrc/b.ts\nsrc/lib/\nREADME.md\npackage.json\n')).toBe(true);
    expect(isBulkShaped('FAIL src/a.test.ts\n  expected 2, got 3\nTests: 1 failed, 4 passed\nTime: 2.1 s\nRan all test suites.')).toBe(false);
  });
});

describe('fact extraction leaves bulk output out', () => {
  it('keeps the path of a read and the command of a search, not what they showed', () => {
    const facts = extractFacts([
      message('a1', 'assistant', [call('Read', { file_path: 'src/net/retry.ts' })]),
      message('t1', 'tool', [{ ...result('1→export const retryBudgetMs = 5000;\n2→// TODO: jitter\n3→see docs/retry-design.md') }]),
      message('a2', 'assistant', [{ ...call('Bash', { command: 'rg -n retryBudget src' }), callId: 'c2' }]),
      message('t2', 'tool', [{ ...result('src/net/retry.ts:1:export const retryBudgetMs\nsrc/net/client.ts:9:retryBudgetMs * 2'), callId: 'c2' }]),
    ]);
    expect(facts.map((fact) => `${fact.category}:${fact.text}`)).toEqual(['path:src/net/retry.ts', 'command:rg -n retryBudget src']);
  });

  it('still reads a test run’s output, and a failed read’s error', () => {
    const facts = extractFacts([
      message('a1', 'assistant', [call('Bash', { command: 'npm test' })]),
      message('t1', 'tool', [result('FAIL src/net/retry.test.ts\nTypeError: retryBudgetMs is not a number\n3 failed')]),
      message('a2', 'assistant', [{ ...call('Read', { file_path: 'src/missing.ts' }), callId: 'c2' }]),
      message('t2', 'tool', [{ ...result('Error: ENOENT: no such file or directory, open src/missing.ts', true), callId: 'c2' }]),
    ]);
    const errors = facts.filter((fact) => fact.category === 'error').map((fact) => fact.text);
    expect(errors).toEqual(['FAIL src/net/retry.test.ts', 'TypeError: retryBudgetMs is not a number', '3 failed', 'Error: ENOENT: no such file or directory, open src/missing.ts']);
    expect(facts.some((fact) => fact.category === 'path' && fact.text === 'src/net/retry.test.ts')).toBe(true);
  });
});
