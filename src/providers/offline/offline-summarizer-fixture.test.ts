import { describe, expect, it } from 'vitest';
import { dartPrompt, fixtureMessages, serializeForTest } from './conversation-prompt.test-support';
import { summarizeOffline } from './offline-summarizer';

const messages = fixtureMessages();
const conversation = serializeForTest(messages);
const root = '/home/USER/projects/spotter-worktrees/spotter-a0y';

/** The first task of the session: everything before the user's "continue until all are done". */
function firstTask(): string {
  const end = messages.findIndex((message) =>
    message.role === 'user' && message.blocks.some((block) => block.kind === 'text' && block.text.startsWith('continue until all are done')));
  return serializeForTest(messages.slice(0, end));
}

function section(text: string, heading: string): string {
  const start = text.indexOf(`${heading}\n`);
  const end = text.indexOf('\n\n## ', start + 1);
  return text.slice(start, end === -1 ? undefined : end);
}

describe('offline summarizer on a real Claude Code session', () => {
  it('is deterministic on the whole session', () => {
    const prompt = dartPrompt(conversation);
    expect(summarizeOffline({ system: '', prompt })).toBe(summarizeOffline({ system: '', prompt }));
  });

  it('shrinks the whole session to at most a quarter and its default budget (3,000 tokens at 3.5 characters a token)', () => {
    expect(conversation.length).toBeGreaterThan(200_000);
    for (const prompt of [dartPrompt(conversation), conversation]) {
      const text = summarizeOffline({ system: '', prompt });
      expect(Math.ceil(text.length / 3.5)).toBeLessThanOrEqual(3000);
      expect(text.length).toBeLessThanOrEqual(conversation.length / 4);
      expect(text.length).toBeGreaterThan(1_000);
    }
  });

  it('extracts the files the first task read, changed and created, its commands and its errors', () => {
    const text = summarizeOffline({ system: '', prompt: firstTask() });
    // Issue 16: repo-relative paths under one stated root, each whole.
    const changed = section(text, '## Files changed');
    expect(changed).toContain(`- (paths relative to ${root})`);
    const read = section(text, '## Files read');
    expect(read).toContain('- lib/spotter/services/tmux.ex');
    expect(read).toContain('- spotter-plugin/scripts/notify-session.sh');
    // Read and then edited: listed as changed only.
    expect(read).not.toContain('lib/spotter_web/router.ex');
    expect(changed).toContain('- lib/spotter_web/router.ex — edited 1×');
    // A Write whose result says the file was updated changed it; one whose result says it was created created it.
    expect(changed).toContain('- lib/spotter_web/controllers/session_hook_controller.ex — edited 1×');
    const created = section(text, '## Files created');
    expect(created).toContain('- lib/spotter/services/active_session_registry.ex — created, edited 9×');
    expect(created).toContain('- spotter-plugin/scripts/notify-session-end.sh — created');
    const commands = section(text, '## Commands run');
    expect(commands).toContain('- `mix compile --warnings-as-errors 2>&1` (2 runs) → ok');
    expect(commands).toContain('- `git push --set-upstream origin spotter-a0y 2>&1` → ok');
    // The error, where it came from, and the later run that shows it resolved.
    expect(section(text, '## Errors')).toContain(
      '- fatal: The current branch spotter-a0y has no upstream branch. (from `git push 2>&1`) — resolved: `git push --set-upstream origin spotter-a0y 2>&1` went through later',
    );
    expect(section(text, '## User requests')).toContain('- Work on bead spotter-a0y. Run bd show spotter-a0y to see the issue details and bd ready to find available subtasks. Start with the first ready task.');
  });

  it('keeps the facts of the compaction summary the session carries', () => {
    const text = summarizeOffline({ system: '', prompt: dartPrompt(conversation) });
    expect(text).toContain('Chose upsert with identity for incremental message ingest to guarantee idempotency');
  });

  it('answers hostile single lines (no backtracking blow-up; its speed is in npm run bench)', () => {
    const hostile = [
      `[Assistant tool calls]: Read(${'file_path="'.repeat(100_000)}`,
      `[Assistant]: ${'`a'.repeat(200_000)}`,
      `[Tool result]: ${'Error'.repeat(200_000)}`,
      `- "${'"'.repeat(100_000)} (pinned from skill \`x\``,
      `[User]: ${'a'.repeat(1_000_000)}`,
    ].join('\n\n');
    const text = summarizeOffline({ system: '', prompt: hostile });
    expect(text.startsWith('## User requests\n')).toBe(true);
  });
});
