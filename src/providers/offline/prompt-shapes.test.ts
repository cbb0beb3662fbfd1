import { describe, expect, it } from 'vitest';
import { summarizeOffline } from './offline-summarizer';
import { splitPrompt } from './prompt-regions';
import { planSections } from './section-plan';

// The ADK seed's COMPACTION_SYSTEM_PROMPT numbered sections (spec §2.6), in its own wording.
const adkSystem = [
  'Your task is to create a detailed summary of the conversation so far. Structure it under these sections:',
  '1. Primary Request and Intent — what the user is trying to accomplish, verbatim where possible.',
  '2. Key Technical Concepts — technologies, APIs, and terms discussed.',
  '3. Files and Code Sections — specific files/functions/values examined or referenced.',
  '4. Errors and Fixes — problems hit and how they were resolved.',
  '5. Problem Solving — decisions made and why.',
  '6. All User Messages — a list of every non-tool user message, to preserve intent.',
  '7. Pending Tasks — what remains to do.',
  '8. Current Work — what was happening most recently.',
  '9. Next Step — the immediate next action.',
  'Be precise and factual. Preserve exact names, paths, and values.',
].join('\n');

const harnPrompt = (formatted: string) =>
  `Summarize these archived conversation messages for a follow-on agent. Preserve goals, constraints, decisions, completed tool work, unresolved issues, and next actions. Output only the summary text.\n\nArchived message count: 4\n\nConversation:\n${formatted}`;

describe('prompt shapes of the three seeds', () => {
  it('fills the ADK seed\'s nine numbered sections from its unlabelled turn text', () => {
    const qa = 'Rename `parseConfig` to `loadConfig` everywhere\nDone, I renamed it in three files.\nEdit {"file_path":"src/config.ts"}\n\nNow run the tests\nI\'ll run `npm test` next.';
    const text = summarizeOffline({ system: adkSystem, prompt: `CONVERSATION TO SUMMARISE:\n${qa}` });
    const headings = text.split('\n').filter((line) => line.startsWith('## '));
    expect(headings).toEqual([
      '## 1. Primary Request and Intent', '## 2. Key Technical Concepts', '## 3. Files and Code Sections', '## 4. Errors and Fixes',
      '## 5. Problem Solving', '## 6. All User Messages', '## 7. Pending Tasks', '## 8. Current Work', '## 9. Next Step',
      // Issue 16: a layout without a commands section gets one, numbered on, when there are commands to carry.
      '## 10. Commands run',
    ]);
    expect(text).toContain('## 3. Files and Code Sections\n- src/config.ts — edited 1×');
    expect(text).toContain('- `parseConfig`');
    expect(text).toContain('## 6. All User Messages\n- Rename `parseConfig` to `loadConfig` everywhere\n- Now run the tests');
    expect(text).toContain('## 9. Next Step\n- Carry on with the latest request ("Now run the tests") — the agent\'s own next step: "I\'ll run `npm test` next."');
    expect(text).toContain('## 10. Commands run\n- `npm test` (named, not seen run)');
  });

  it('reads Harn\'s `ROLE: content` lines and uses the default sections its prompt implies', () => {
    const formatted = 'USER: Make the build green\nASSISTANT: I will use esbuild instead of tsc for bundling.\nTOOL: error: Cannot find module \'x\'\nASSISTANT: Fixed the import.';
    const regions = splitPrompt('', harnPrompt(formatted));
    expect(regions.conversation).toBe(formatted);
    const text = summarizeOffline({ system: '', prompt: harnPrompt(formatted) });
    expect(text).toContain('## User requests\n- Make the build green');
    expect(text).toContain("## Errors\n- error: Cannot find module 'x'");
    expect(text).toContain('## Decisions\n- I will use esbuild instead of tsc for bundling.');
  });

  it('reads Harn\'s tier-2 input: a tier-1 summary of `[role] content` lines', () => {
    const tier1 = 'USER: [auto-compacted 3 older messages via observation masking]\n[user] Add retries to the client\n[assistant] I decided to use exponential backoff.\n[tool] Traceback (most recent call last):';
    const text = summarizeOffline({ system: '', prompt: harnPrompt(tier1) });
    expect(text).toContain('## User requests\n- Add retries to the client');
    expect(text).toContain('- Traceback (most recent call last):');
    expect(text).toContain('- I decided to use exponential backoff.');
  });

  it('fills the Dart turn-prefix sections', () => {
    const prompt = '<conversation>\n[User]: Port the CLI to Node 20\n\n[Assistant]: I\'ll start with the entry point.\n</conversation>\n\nThis is the PREFIX of a turn that was too large to keep.\n\n## Original Request\n[What did the user ask for in this turn?]\n\n## Early Progress\n- [Key decisions and work done in the prefix]\n\n## Context for Suffix\n- [Information needed]';
    const text = summarizeOffline({ system: '', prompt });
    expect(text.startsWith('## Original Request\n- Port the CLI to Node 20\n\n## Early Progress\n')).toBe(true);
    expect(text).toContain('## Context for Suffix\n');
  });

  it('takes headings only from the instructions, never from the conversation or the previous summary', () => {
    const prompt = '<conversation>\n[Assistant]: ## Not A Section\n</conversation>\n\n<previous-checkpoint>\n## Old Heading\n- fact\n</previous-checkpoint>\n\nSummarize in <previous-checkpoint> tags.\n\n## Goal\n[goal]';
    // The sections added to carry the work on (issue 16) are flagged as added; the asked ones are the prompt's alone.
    expect(planSections(splitPrompt('', prompt).instructions).filter((spec) => !spec.isAdded).map((spec) => spec.heading)).toEqual(['## Goal']);
  });

  it('takes the item marker from the template line under each heading', () => {
    const specs = planSections('## A\n- [ ] x\n\n## B\n- [x] y\n\n## C\n1. z\n\n## D\n[free text]');
    expect(specs.filter((spec) => !spec.isAdded).map((spec) => spec.marker)).toEqual(['checkbox', 'checked', 'numbered', 'bullet']);
  });
});

describe('previous summaries with hostile headings', () => {
  it('reads a heading line padded with spaces (the heading pattern is linear)', () => {
    const previous = `# a${' '.repeat(200_000)}b\n- kept fact: the build uses vite\n`;
    const text = summarizeOffline({ system: '', prompt: `<conversation>\n[User]: continue\n</conversation>\n\n<previous-summary>\n${previous}</previous-summary>\n` });
    // The old pattern needed minutes here (cubic backtracking); answering at all is the behaviour under test.
    expect(text).toContain('- continue');
    expect(text).toContain('kept fact: the build uses vite');
  });
});
