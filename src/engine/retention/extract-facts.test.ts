import { describe, expect, it } from 'vitest';
import { importText } from '../formats/import-text';
import { readFixture } from '../formats/fixture-files.test-support';
import type { Block, Message, Origin, Role } from '../transcript/model';
import { extractFacts, extractMessageFacts, factCapsPerMessage } from './extract-facts';
import type { Fact, FactCategory } from './facts';
import { retentionText } from './retention-text';

function fixtureFacts(name: string, run = 0): { facts: Fact[]; messages: Message[] } {
  const transcript = importText(readFixture(name), { fileName: name }).transcripts[run];
  return { facts: extractFacts(transcript.messages), messages: transcript.messages };
}

function message(role: Role, blocks: Block[], origin: Origin = role === 'assistant' ? 'model' : role === 'tool' ? 'tool' : 'human', id = 'm1'): Message {
  return { id, role, origin, blocks, sourceRef: {}, raw: null };
}

const text = (value: string): Block => ({ kind: 'text', text: value });
const textsOf = (facts: Fact[], category: FactCategory): string[] => facts.filter((fact) => fact.category === category).map((fact) => fact.text);

describe('fact extraction on real transcripts', () => {
  it('finds the Claude Code session’s request, commands, paths and a failing test count', () => {
    const { facts, messages } = fixtureFacts('claude-code__fa812bfe-b295-4cca-9c2f-fdf01028cb46.jsonl');
    expect(textsOf(facts, 'request')).toContain('Work on bead spotter-a0y.');
    expect(textsOf(facts, 'command')).toEqual(expect.arrayContaining(['bd show spotter-a0y', 'mix test 2>&1', 'git push 2>&1']));
    expect(textsOf(facts, 'path')).toContain('lib/spotter/services/active_session_registry.ex');
    expect(textsOf(facts, 'error')).toContain('13 tests, 1 failure');
    expect(textsOf(facts, 'identifier')).toContain('SessionHookController');
    // Every fact stands in the message it is attributed to.
    const byId = new Map(messages.map((entry) => [entry.id, retentionText(entry)]));
    for (const fact of facts) expect(byId.get(fact.sourceMessageId)).toContain(fact.text);
  });

  it('reads shell commands from OpenHands and SWE-agent tool calls, paths and URLs the agent named, none from file contents or search hits', () => {
    expect(textsOf(fixtureFacts('openhands__multi_swe_bench_examples_output.jsonl').facts, 'command')).toContain('ls -l /workspace/ponylang__ponyc__0.1');
    const sweAgent = fixtureFacts('swe-agent-fc__marshmallow-code__marshmallow-1867.traj').facts;
    expect(textsOf(sweAgent, 'command')).toContain('python reproduce.py');
    expect(textsOf(sweAgent, 'path')).toContain('src/marshmallow/fields.py');
    // Only in the contents of setup.py as the editor showed it: bulk output since issue 16.
    expect(textsOf(sweAgent, 'path')).not.toContain('src/marshmallow/__init__.py');
    const toolHeavy = fixtureFacts('claude-code__tool_heavy.jsonl').facts;
    expect(textsOf(toolHeavy, 'url')).toContain('https://github.com/xtermjs/xterm.js/issues/1343');
    // Only among a web search's hits: bulk output since issue 16.
    expect(textsOf(toolHeavy, 'url')).not.toContain('https://github.com/xtermjs/xterm.js/issues/657');
    expect(textsOf(toolHeavy, 'request')).toEqual(['start phoenix in background']);
  });

  it('states each fact once, at its first source message', () => {
    const { facts } = fixtureFacts('claude-code__fa812bfe-b295-4cca-9c2f-fdf01028cb46.jsonl');
    const keys = facts.map((fact) => `${fact.category}:${fact.text.toLowerCase()}`);
    expect(new Set(keys).size).toBe(keys.length);
  });
});

describe('fact extraction by category', () => {
  it('reads numbers with units and versions, not bare numbers', () => {
    const facts = extractMessageFacts(message('assistant', [text('The cache holds 512 MB, the call took 30s, errors fell 3.2% after v1.2.3; see item 42.')]));
    expect(textsOf(facts, 'number')).toEqual(['512 MB', '30s', '3.2%', 'v1.2.3']);
  });

  it('reads errors and failing tests but not source code that mentions errors', () => {
    const content = ['FAILED tests/test_api.py::test_login - AssertionError', "TypeError: x is not a function", "    throw new Error('boom');", '2 passed, 0 failures'].join('\n');
    const facts = extractMessageFacts(message('tool', [{ kind: 'tool_result', callId: 'c1', content, isError: true }]));
    expect(textsOf(facts, 'error')).toEqual(['FAILED tests/test_api.py::test_login - AssertionError', 'TypeError: x is not a function']);
  });

  it('takes requests and constraints only from the human’s own turns', () => {
    const request = 'Fix the flaky login test. Never push to main. The weather is nice today.';
    expect(textsOf(extractMessageFacts(message('user', [text(request)])), 'request')).toEqual(['Fix the flaky login test.', 'Never push to main.']);
    expect(textsOf(extractMessageFacts(message('assistant', [text(request)])), 'request')).toEqual([]);
    expect(extractMessageFacts(message('user', [text(request)], 'injected'))).toEqual([]);
  });

  it('reads open TODOs, plan tools and decisions', () => {
    const facts = extractMessageFacts(
      message('assistant', [
        text('- [ ] write the migration guide\n- [x] done already\nWe decided to keep SQLite instead of Postgres.'),
        { kind: 'tool_call', callId: 'c1', name: 'TodoWrite', args: { todos: [{ content: 'Add retries', status: 'pending' }, { content: 'Ship it', status: 'completed' }] }, argsRaw: '{}' },
      ]),
    );
    expect(textsOf(facts, 'todo')).toEqual(['write the migration guide', 'Add retries']);
    expect(textsOf(facts, 'decision')).toEqual(['We decided to keep SQLite instead of Postgres.']);
  });

  it('reads identifiers shaped like code, and commands from shell calls and prompt lines', () => {
    const facts = extractMessageFacts(
      message('assistant', [
        text('Call `parseDocument` then loadTokenCounter() and path.join; the snake_case helper too.\n$ npm run build'),
        { kind: 'tool_call', callId: 'c1', name: 'exec_command', args: { cmd: ['bash', '-lc', 'npx vitest run src/a.test.ts'] }, argsRaw: '{}' },
      ]),
    );
    expect(textsOf(facts, 'identifier')).toEqual(['parseDocument', 'loadTokenCounter', 'path.join', 'snake_case']);
    expect(textsOf(facts, 'command')).toEqual(['npm run build', 'npx vitest run src/a.test.ts']);
  });

  it('caps facts per category in one message', () => {
    const paths = Array.from({ length: 20 }, (_, index) => `src/dir/file-${index}.ts`).join(' ');
    expect(textsOf(extractMessageFacts(message('assistant', [text(paths)])), 'path')).toHaveLength(factCapsPerMessage.path);
  });
});
