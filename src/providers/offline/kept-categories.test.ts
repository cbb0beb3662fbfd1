import { describe, expect, it } from 'vitest';
import { corpusExcerpt } from './corpus-session.test-support';
import { serializeForTest } from './conversation-prompt.test-support';
import { summarizeOffline } from './offline-summarizer';

// Real excerpts of the development corpus (e2e/fixtures/compactions, see its NOTICE.md): Claude Code sessions on a Go CLI.
const hookSession = 'claude-code__entire-062a8bdd-4322-4ffa-bc38-3e8b8bfb5a56.jsonl';
const prSession = 'claude-code__entire-c010174c-a7cd-4bcc-b7d4-61258d6c463f.jsonl';
const shellReadSession = 'claude-code__entire-20b81bf8-77cd-4205-8ac9-727b573a70e4.jsonl';
const reviewSession = 'claude-code__entire-847ff7d2-4a55-44d7-a3f5-a3afd89f1ee1.jsonl';
const investigationSession = 'claude-code__entire-03a1382e-ecd5-42c4-b3d4-5c659e165904.jsonl';
const hereDocumentSession = 'claude-code__entire-43b2bd6e-ccc5-4d83-bbe5-9cd1cd19cc82.jsonl';

function summaryOf(from: number, to: number, name = hookSession): string {
  return summarizeOffline({ system: '', prompt: serializeForTest(corpusExcerpt(name, from, to)) });
}

function section(text: string, heading: string): string {
  const start = text.indexOf(`${heading}\n`);
  const end = text.indexOf('\n\n## ', start + 1);
  return start === -1 ? '' : text.slice(start, end === -1 ? undefined : end);
}

describe('what the offline summary keeps of the work (issue 26 items 1 and 3)', () => {
  it('names what an edited file\'s new code uses from elsewhere (qualified calls, packages), not only what it adds', () => {
    // An Edit of a Go handler whose new code calls `fmt.Errorf`, `ag.ParseHookInput`, `logging.WithAgent`.
    const changed = section(summaryOf(118, 121), '## Files changed');
    const line = changed.split('\n').find((entry) => entry.includes('hooks_claudecode_handlers.go')) ?? '';
    expect(line).toMatch(/; uses .*`fmt\.Errorf`/);
    expect(line).toContain('`logging.WithAgent`');
    // `now := time.Now()` then `now.Sub(…)`: a method of a local value, no name from elsewhere.
    const cleanup = section(summaryOf(91, 94, reviewSession), '## Files changed').split('\n').find((entry) => entry.includes('cleanup.go')) ?? '';
    expect(cleanup).toMatch(/; uses `time\.Now`$/);
  });

  it('lists the searches the session ran, by a search tool and by a shell grep, with their folder or files', () => {
    const shellGrep = section(summaryOf(242, 245), '## Files read');
    expect(shellGrep).toContain('searched `HookName` in cmd/entire/cli/agent/claudecode/hooks.go cmd/entire/cli/agent/geminicli/hooks.go');
    const grepTool = section(summaryOf(275, 278), '## Files read');
    // The excerpt alone shows no repository root, so the folder stays absolute.
    expect(grepTool).toMatch(/- searched `ParseHookInput` in \S*\/cmd\/entire\/cli\/agent$/m);
    // A pipe inside the quoted pattern is the pattern's, not the shell's.
    expect(section(summaryOf(7, 10, investigationSession), '## Files read')).toContain('- searched `^(error|missing|broken)`');
    // A file-name search (Glob) says it looked for files.
    expect(section(summaryOf(4, 12), '## Files read')).toMatch(/^- looked for files `\*\*\/\*hook\*` in \S+$/m);
  });

  it('lists a file a shell command printed with the files read', () => {
    // `tail -80 …/auto_commit_test.go`: read by the shell, not by a read tool.
    const read = section(summaryOf(47, 50, shellReadSession), '## Files read');
    expect(read).toMatch(/^- \S*cmd\/entire\/cli\/strategy\/auto_commit_test\.go$/m);
    // `cat > /tmp/debug_list.go << 'EOF'` writes that file: it is no read.
    expect(section(summaryOf(372, 375, hereDocumentSession), '## Files read')).not.toContain('debug_list.go');
  });

  it('keeps what the agent found out, with the decisions when the layout has no context section', () => {
    // An investigation: the agent reads pack files' dates and states what it found, counts with their units.
    const decisions = section(summaryOf(118, 124, investigationSession), '## Decisions');
    expect(decisions).toContain('**12 packs in 8 minutes** (14:55–15:03)');
    expect(decisions).toContain('**465 checkpoint commits in 8 minutes on Feb 5.**');
  });

  it('keeps a URL that tool output printed and the agent then typed, saying so', () => {
    // `gh pr create` prints the new PR's URL; the agent reports it to the user in the next message.
    const names = section(summaryOf(131, 135, prSession), '## Identifiers');
    expect(names).toContain('`https://github.com/entireio/cli/pull/342` (from tool output, used after)');
  });
});
