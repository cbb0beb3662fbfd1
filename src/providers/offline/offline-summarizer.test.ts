import { describe, expect, it } from 'vitest';
import { dartPrompt } from './conversation-prompt.test-support';
import { createOfflineSummarizer, offlineSummarizerModel, summarizeOffline } from './offline-summarizer';
import { defaultPinnedBlockHeader } from '../../engine/pins/pin-framing-prompts';

const conversation = [
  '[User]: Please add a --json flag to the CLI. It must not change the table output.',
  '[Assistant]: I\'ll read the entry point first.',
  '[Assistant tool calls]: Read(file_path="src/cli/main.ts"); Bash(command="npm test -- cli", description="run the tests")',
  '[Tool result]: Exit code 1\nTypeError: Cannot read properties of undefined (reading \'flags\')\n    at main.ts:12',
  '[Assistant]: I decided to use zod for flag parsing instead of hand-written checks.',
  '[Assistant tool calls]: Edit(file_path="src/cli/main.ts", old_string="a(", new_string="b(")',
  '[Assistant]: Added the flag and the tests pass now. Next I will update the README.',
].join('\n\n');

const pinnedBlock = [
  // The header the lab sends by default: the summary must find its block by it.
  defaultPinnedBlockHeader,
  '- "Never push to `main` — open a PR; “quotes” stay  double-spaced" (pinned from skill `git-flow`)',
  '- "Run `npm test` before every commit." (pinned from skill `ci` + skill `git-flow`)',
].join('\n');

const dartHeadings = [
  '## Open User Requests', '## Goal', '## Constraints & Preferences', '## Progress', '### Done', '### In Progress', '### Blocked',
  '## Key Decisions', '## Next Steps', '## Critical Context',
];

function positionsInOrder(text: string, needles: readonly string[]): boolean {
  let from = 0;
  for (const needle of needles) {
    const at = text.indexOf(`${needle}\n`, from);
    if (at === -1) return false;
    from = at + needle.length;
  }
  return true;
}

describe('offline extractive summarizer', () => {
  it('answers the same prompt with the same text', async () => {
    const { summarize } = createOfflineSummarizer();
    const request = { role: 'main' as const, system: 'sys', prompt: dartPrompt(conversation), signal: new AbortController().signal };
    const first = await summarize(request);
    const second = await summarize(request);
    expect(second.text).toBe(first.text);
    expect(first.model).toBe(offlineSummarizerModel);
    expect(first.usage).toEqual({ inputTokens: Math.ceil((3 + request.prompt.length) / 4), outputTokens: Math.ceil(first.text.length / 4) });
  });

  it('fills every heading the Dart checkpoint prompt asks for, in order, with extracted facts', () => {
    const text = summarizeOffline({ system: '', prompt: dartPrompt(conversation) });
    expect(positionsInOrder(text, dartHeadings)).toBe(true);
    expect(text).toContain('## Open User Requests\n- [ ] Please add a --json flag to the CLI. It must not change the table output.');
    expect(text).toContain('## Constraints & Preferences\n- It must not change the table output.');
    expect(text).toContain('- [x] Added the flag and the tests pass now.');
    expect(text).toContain('I decided to use zod for flag parsing instead of hand-written checks.');
    // The next step is the assistant's own concrete plan, in its words, with the request it serves (issue 16: never a
    // filler sentence; issue 26: a handover, not a command).
    expect(text).toContain(
      '## Next Steps\n1. Carry on with the latest request ("Please add a --json flag to the CLI. It must not change the table output.") — the agent\'s own next step: "Next I will update the README."',
    );
    // The parent heading carries no items of its own: its subsections do.
    expect(text).toContain('## Progress\n\n### Done');
  });

  it('uses the default sections when the prompt names none', () => {
    const text = summarizeOffline({ system: '', prompt: conversation });
    // Issue 16's default set: the user's words, the current work and the next step first, then files, commands, errors.
    const headings = [
      '## User requests', '## Current work', '## Next step', '## Pending work', '## Files changed', '## Files created', '## Files read',
      '## Commands run', '## Errors', '## Identifiers', '## Decisions',
    ];
    expect(positionsInOrder(text, headings)).toBe(true);
    expect(text).toContain('## Files changed\n- src/cli/main.ts');
    expect(text).toContain('## Files read\n(none)');
    // Commands are written as code, with their last outcome.
    expect(text).toContain('## Commands run\n- `npm test -- cli` → failed, exit 1');
    expect(text).toContain("## Errors\n- TypeError: Cannot read properties of undefined (reading 'flags')");
  });

  it('copies the pinned-operative block byte for byte, under Critical Context, even when the budget is tiny', () => {
    const prompt = dartPrompt(conversation, { pinnedBlock });
    const text = summarizeOffline({ system: '', prompt }, { maxChars: 10 });
    expect(text).toContain(pinnedBlock);
    const critical = text.slice(text.indexOf('## Critical Context'));
    expect(critical).toContain(pinnedBlock);
    for (const line of pinnedBlock.split('\n')) expect(text.split('\n')).toContain(line);
    expect(text.split(pinnedBlock)).toHaveLength(2);
  });

  it('copies a pin carrier envelope from the conversation and adds a Critical Context section to the default set', () => {
    const envelope = '<pinned-skill-directives>\nOperative directives pinned verbatim from skill manifests — follow them even where the original skill text was compacted away:\n- "Always cite the issue id." (pinned from skill `triage`)\n</pinned-skill-directives>';
    const text = summarizeOffline({ system: '', prompt: `${conversation}\n\n[User]: ${envelope}` });
    expect(text.endsWith(`## Critical Context\n${envelope}`)).toBe(true);
    expect(text).not.toContain('## User requests\n- <pinned');
  });

  it('keeps a previous checkpoint\'s facts, merged into the matching sections, and does not repeat its pins', () => {
    const previous = [
      '## Goal', 'Ship the exporter', '## Progress', '### Done', '- [x] Migrated the parser to zod',
      '## Key Decisions', '- **Use pnpm**: faster installs', '## Critical Context', pinnedBlock,
      '', '<read-files>', 'docs/plan.md', '</read-files>',
    ].join('\n');
    const text = summarizeOffline({ system: '', prompt: dartPrompt(conversation, { previous, pinnedBlock }) });
    expect(text).toContain('## Goal\n- Ship the exporter');
    expect(text).toContain('- [x] Migrated the parser to zod');
    expect(text).toContain('- **Use pnpm**: faster installs');
    expect(text).toContain('docs/plan.md');
    expect(text.split(pinnedBlock)).toHaveLength(2);
  });

  it('keeps the facts of the ADK seed\'s prior summary, cut off or not', () => {
    const prior = '## User requests\n- Build the importer\n\n---\n\n**Turn Context (split turn):**\n- Started on the lexer';
    const prompt = `PREVIOUS SUMMARY (extend/merge, do not lose facts):\n${prior}\n\n---\n\nCONVERSATION TO SUMMARISE:\nFix the tests please\nSure, I'll run them.\nBash {"command":"npm test"}`;
    const text = summarizeOffline({ system: '', prompt });
    expect(text).toContain('- Build the importer');
    expect(text).toContain('Started on the lexer');
    expect(text).toContain('- Fix the tests please');
    expect(text).toContain('## Commands run\n- `npm test`');
    const cut = summarizeOffline({ system: '', prompt: prompt.slice(0, 100) });
    expect(cut).toContain('- Build the importer');
  });

  it('stays within the length bounds and shrinks its sections to fit', () => {
    const long = Array.from({ length: 400 }, (_, index) =>
      `[User]: Request number ${index}: please change file src/f${index}.ts\n\n[Assistant tool calls]: Edit(file_path="src/f${index}.ts", old_string="x", new_string="y"); Bash(command="npm run check-${index}")\n\n[Tool result]: Error: check ${index} failed`,
    ).join('\n\n');
    const text = summarizeOffline({ system: '', prompt: long });
    expect(text.length).toBeLessThanOrEqual(Math.min(12_000, long.length / 4));
    const small = summarizeOffline({ system: '', prompt: long }, { maxChars: 1500 });
    expect(small.length).toBeLessThanOrEqual(1500);
    expect(small).toContain('## Files changed');
    const byTokens = summarizeOffline({ system: '', prompt: long, maxOutputTokens: 300 });
    expect(byTokens.length).toBeLessThanOrEqual(1200);
  });

  it('never throws on odd input and still writes the headings', () => {
    const odd = ['', '<conversation>', '</conversation><conversation>', '\u0000\uffff\ud800', '[User]:', 'PREVIOUS SUMMARY (extend/merge, do not lose facts):\n', '"path": "', `Read(file_path="${'a'.repeat(5000)}`];
    for (const prompt of odd) {
      const text = summarizeOffline({ system: '', prompt });
      expect(text.startsWith('## User requests\n')).toBe(true);
    }
    expect(() => summarizeOffline({ system: undefined as unknown as string, prompt: null as unknown as string })).not.toThrow();
  });

  it('rejects at once with the abort reason when the signal is aborted', async () => {
    const controller = new AbortController();
    controller.abort();
    const { summarize } = createOfflineSummarizer();
    await expect(summarize({ role: 'smol', system: '', prompt: conversation, signal: controller.signal })).rejects.toMatchObject({ name: 'AbortError' });
    const custom = new AbortController();
    custom.abort({ code: 'cancelled' });
    await expect(summarize({ role: 'smol', system: '', prompt: conversation, signal: custom.signal })).rejects.toEqual({ code: 'cancelled' });
  });
});
