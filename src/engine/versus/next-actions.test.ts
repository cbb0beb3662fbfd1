import { describe, expect, it } from 'vitest';
import type { Block, Message } from '../transcript/model';
import { nextActions } from './next-actions';

const call = (callId: string, name: string, args: unknown): Block => ({ kind: 'tool_call', callId, name, args, argsRaw: typeof args === 'string' ? args : JSON.stringify(args) });
const message = (id: string, role: Message['role'], blocks: Block[]): Message => ({ id, role, origin: role === 'assistant' ? 'model' : role === 'tool' ? 'tool' : 'human', blocks, sourceRef: {}, raw: null });
const context = (text: string): Message[] => [message('s1', 'user', [{ kind: 'text', text }])];

describe('nextActions', () => {
  const after = [
    message('a1', 'assistant', [
      { kind: 'text', text: 'Continuing.' },
      call('c1', 'Bash', { command: 'cd /repo && mix compile --warnings-as-errors 2>&1 | tail -5' }),
      call('c2', 'TodoWrite', { todos: [] }),
      call('c3', 'Read', { file_path: '/repo/lib/app/pane_live.ex' }),
    ]),
    message('t1', 'tool', [{ kind: 'tool_result', callId: 'c1', content: 'ok', isError: false }]),
    message('a2', 'assistant', [call('c4', 'apply_patch', '*** Begin Patch\n*** Update File: lib/app/session.ex\n@@\n-a\n+b\n*** End Patch')]),
    message('a3', 'assistant', [call('c5', 'WebFetch', { url: 'https://hexdocs.pm/phoenix/Phoenix.LiveView.html', prompt: 'x' })]),
    message('a4', 'assistant', [call('c6', 'Grep', { pattern: 'handle_event', path: '/repo/lib/app' })]),
  ];

  it('takes the first calls that act on something: command core, path, patched file, URL; passes over a plan update', () => {
    const { actions } = nextActions(after, [], 4);
    expect(actions.map((action) => [action.targetKind, action.target, action.tool, action.messageId])).toEqual([
      ['command', 'mix compile --warnings-as-errors', 'Bash', 'a1'],
      ['path', '/repo/lib/app/pane_live.ex', 'Read', 'a1'],
      ['path', 'lib/app/session.ex', 'apply_patch', 'a2'],
      ['url', 'https://hexdocs.pm/phoenix/Phoenix.LiveView.html', 'WebFetch', 'a3'],
    ]);
  });

  it('checks each target against the context as retention checks a fact (a long path also by parent/basename)', () => {
    const result = nextActions(after, context('Next: run MIX COMPILE --warnings-as-errors, then edit app/pane_live.ex and session.ex.'));
    expect(result.actions.map((action) => action.isInContext)).toEqual([true, true, false, false, false]);
    expect(result).toMatchObject({ found: 2, total: 5 });
  });

  it('finds none when the agent made no call after the boundary', () => {
    expect(nextActions([message('a1', 'assistant', [{ kind: 'text', text: 'Done.' }])], context('x'))).toEqual({ actions: [], found: 0, total: 0 });
  });
});
