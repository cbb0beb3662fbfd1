import { describe, expect, it } from 'vitest';
import { textMessage, runWith, callMessage, resultMessage, textOf } from './auto-compactor.test-support';
import { defaultCompactionPrompts } from './default-prompts';
import { assemblePrompt, noPriorHistory, resolvePrompts, splitTurnJoin } from './prompt-assembly';

describe('prompt assembly (spec §1.10)', () => {
  it('the prompts contain all their sections, in the seed\'s order with its item markers (our wording, upstream structure)', () => {
    const headings = ['## Open User Requests', '## Goal', '## Constraints & Preferences', '## Progress', '### Done', '### In Progress', '### Blocked', '## Key Decisions', '## Next Steps', '## Critical Context'];
    const markers: Record<string, RegExp> = { '## Open User Requests': /^- \[ \] /, '### Done': /^- \[x\] /, '### In Progress': /^- \[ \] /, '## Key Decisions': /^- \*\*/, '## Next Steps': /^1\. / };
    for (const prompt of [defaultCompactionPrompts.summary, defaultCompactionPrompts.summaryUpdate]) {
      const lines = prompt.split('\n');
      expect(lines.filter((line) => /^#{2,3} /.test(line))).toEqual(headings);
      for (const [heading, marker] of Object.entries(markers)) expect(lines[lines.indexOf(heading) + 1]).toMatch(marker);
      expect(prompt).toContain('"(Partial — acceptance pending)"');
    }
    expect(defaultCompactionPrompts.summaryUpdate).toContain('<previous-checkpoint>');
    expect(defaultCompactionPrompts.turnPrefix.split('\n').filter((line) => line.startsWith('## '))).toEqual(['## Original Request', '## Early Progress', '## Context for Suffix']);
    expect(defaultCompactionPrompts.pinnedOperative.startsWith('PINNED SKILL DIRECTIVES:')).toBe(true);
    expect(defaultCompactionPrompts.pinnedOperative).toContain('PINNED OPERATIVE LINES block');
    expect(defaultCompactionPrompts.pinnedOperative).toContain('"## Critical Context", followed by "(pinned directive)"');
  });

  it('assembly order: conversation, previous checkpoint, base prompt, additional focus', () => {
    expect(assemblePrompt({ serializedConversation: '[User]: hi', basePrompt: 'BASE', previousSummary: 'OLD', customInstructions: 'tests' }))
      .toBe('<conversation>\n[User]: hi\n</conversation>\n\n<previous-checkpoint>\nOLD\n</previous-checkpoint>\n\nBASE\n\nAdditional focus: tests');
  });

  it('overrides replace a prompt by id and leave the others at the defaults', () => {
    const prompts = resolvePrompts({ summary: 'MINE' });
    expect(prompts.summary).toBe('MINE');
    expect(prompts.summarySystem).toBe(defaultCompactionPrompts.summarySystem);
  });

  it('the first summary goes as one request with the system prompt and the summary prompt', async () => {
    const messages = [textMessage('user', 404, { label: 'first ask ' }), textMessage('assistant', 404), textMessage('user', 404), textMessage('assistant', 404)];
    const { main } = await runWith(messages, { config: { force: true } });
    expect(main.requests).toHaveLength(1);
    expect(main.requests[0].system).toBe(defaultCompactionPrompts.summarySystem);
    expect(main.requests[0].prompt.startsWith('<conversation>\n[User]: first ask ')).toBe(true);
    expect(main.requests[0].prompt.endsWith(`</conversation>\n\n${defaultCompactionPrompts.summary}`)).toBe(true);
  });

  it('`No prior history.` and the split-turn join string: a split turn with nothing before it', async () => {
    const messages = [textMessage('user', 404, { label: 'the ask ' }), callMessage('c1', 'bash', { command: 'ls' }), resultMessage('c1', 'z'.repeat(404)), textMessage('assistant', 604)];
    const { result, main } = await runWith(messages, { config: { force: true }, main: [{ text: 'PREFIX SUMMARY' }] });
    expect(main.requests).toHaveLength(1);
    expect(main.requests[0].prompt.endsWith(defaultCompactionPrompts.turnPrefix)).toBe(true);
    expect(result.passes[0].summary).toBe(`${noPriorHistory}${splitTurnJoin}PREFIX SUMMARY`);
    expect(splitTurnJoin).toBe('\n\n---\n\n**Turn Context (split turn):**\n\n');
    expect(textOf(result.messages[0])).toBe(`The conversation history before this point was compacted into the following summary:\n\n<summary>\n${noPriorHistory}${splitTurnJoin}PREFIX SUMMARY\n</summary>`);
  });

  it('a split turn after earlier history makes a history call then a prefix call', async () => {
    const messages = [textMessage('user', 404), textMessage('assistant', 404), textMessage('user', 404, { label: 'second ask ' }), callMessage('c1', 'bash', { command: 'ls' }), resultMessage('c1', 'z'.repeat(404)), textMessage('assistant', 604)];
    const { result, main } = await runWith(messages, { config: { force: true }, main: [{ text: 'HISTORY' }, { text: 'PREFIX' }] });
    expect(main.requests).toHaveLength(2);
    expect(main.requests[0].prompt.endsWith(defaultCompactionPrompts.summary)).toBe(true);
    expect(main.requests[1].prompt.startsWith('<conversation>\n[User]: second ask')).toBe(true);
    expect(result.passes[0].summary).toBe(`HISTORY${splitTurnJoin}PREFIX`);
  });

  it('a second pass updates the previous checkpoint and the fates follow the new summary', async () => {
    const messages = Array.from({ length: 12 }, (_, index) => textMessage('user', 404, { id: `u${index}` }));
    const { result, main } = await runWith(messages, { main: [{ text: 'x'.repeat(3000) }, { text: 'short' }] });
    expect(result.passes).toHaveLength(2);
    expect(main.requests[1].prompt).toContain(`<previous-checkpoint>\n${'x'.repeat(3000)}\n</previous-checkpoint>`);
    expect(main.requests[1].prompt.endsWith(defaultCompactionPrompts.summaryUpdate)).toBe(true);
    expect(result.passes[1].fates.u0).toEqual({ kind: 'summarized', summaryId: 'auto-compactor-p2-summary' });
    expect(result.passes[0].fates.u0).toEqual({ kind: 'summarized', summaryId: 'auto-compactor-p1-summary' });
    expect(result.passes[1].fates.u11).toEqual({ kind: 'kept' });
    expect(result.passes[1].insertions).toEqual([{ id: 'auto-compactor-p2-summary', kind: 'summary' }]);
  });
});
