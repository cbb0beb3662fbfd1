import { describe, expect, it } from 'vitest';
import { dartPrompt, fixtureMessages, serializeForTest } from './conversation-prompt.test-support';
import { defaultMask } from '../../engine/strategies/observation-mask';
import { summarizeOffline } from './offline-summarizer';

const pinLines = ['- "Never push to `main`." (pinned from skill `git-flow`)', '- "Run `npm test` before every commit." (pinned from skill `ci`)'];
const pinnedBlock = ['PINNED OPERATIVE LINES (verbatim-preserve duty — copy every line below verbatim):', ...pinLines].join('\n');
const envelope = ['<pinned-skill-directives>', 'Operative directives pinned verbatim from skill manifests:', ...pinLines, '</pinned-skill-directives>'].join('\n');

/** Two-tier's tier-2 request: its LLM template over a tier-1 observation mask (`[role] …` lines, long ones masked). */
function twoTierPrompt(lines: readonly string[]): string {
  return `Write a summary of the archived messages below.\n\nArchived message count: ${lines.length}\n\nConversation:\nUSER: [auto-compacted ${lines.length} older messages via observation masking]\n${lines.join('\n')}`;
}

function section(text: string, heading: string): string {
  const start = text.indexOf(`${heading}\n`);
  if (start === -1) return '';
  const end = text.indexOf('\n\n## ', start + 1);
  return text.slice(start, end === -1 ? undefined : end);
}

describe('what the offline summary carries on', () => {
  it('copies pins once when the prompt, a carrier envelope in the conversation and a previous summary all hold them', () => {
    const conversation = `[User]: Fix the login bug\n\n[User]: ${envelope}\n\n[Assistant]: I'll read \`src/login.ts\` first.`;
    const previous = `## Goal\n- Ship the login fix\n\n## Critical Context\n${pinnedBlock}`;
    const text = summarizeOffline({ system: '', prompt: dartPrompt(conversation, { previous, pinnedBlock }) });
    for (const line of pinLines) expect(text.split(line)).toHaveLength(2);
    expect(text).toContain(pinnedBlock);
    expect(text).not.toContain('<pinned-skill-directives>');
  });

  it('lists no path a masked preview cut short, and quotes no masking note', () => {
    const root = '/home/me/projects/shop-worktrees/shop-checkout-feature';
    const created = `File created successfully at: ${root}/lib/shop_web/controllers/checkout_controller.ex\n${'defmodule X do\n'.repeat(40)}`;
    // Two-tier's own mask: the first line's first 120 bytes, `...`, and how much was masked.
    const masked = defaultMask('tool', created);
    expect(masked).toMatch(/\/controllers\/checkout_c\.\.\. \[41 lines, \d+ chars masked\]$/);
    const lines = [
      '[user] Add a checkout controller and wire it into the router',
      masked,
      `[tool] The file ${root}/lib/shop_web/router.ex has been updated successfully.`,
      `[tool] The file ${root}/lib/shop/orders.ex has been updated successfully.`,
      defaultMask('tool', `Exit code 1\n${'** (CompileError) lib/shop.ex:3: undefined function\n'.repeat(5)}`),
      '[assistant] The tests fail: `mix test` reports 2 failures in `OrdersTest`.',
    ];
    const text = summarizeOffline({ system: '', prompt: twoTierPrompt(lines) });
    expect(text).not.toMatch(/masked\]|auto-compacted/);
    expect(text).not.toMatch(/checkout_c\b/);
    expect(section(text, '## Files changed')).toContain('- lib/shop_web/router.ex — edited 1×');
    expect(section(text, '## Files changed')).toContain(`- (paths relative to ${root})`);
    // The failed command's outcome is kept though the command itself is not in two-tier's input; the one named is.
    expect(section(text, '## Commands run')).toContain('a command (not shown) → failed, exit 1');
    expect(section(text, '## User requests')).toContain('- Add a checkout controller and wire it into the router');
  });

  it('never takes the next step from a filler sentence, even when the session ends on one', () => {
    const messages = fixtureMessages();
    const end = messages.findIndex((message) => message.role === 'user' && message.blocks.some((block) => block.kind === 'text' && block.text.startsWith('continue until all are done')));
    const conversation = `${serializeForTest(messages.slice(0, end))}\n\n[Assistant]: Let me wait more.\n\n[Assistant]: Now let me check what's next.`;
    for (const prompt of [conversation, dartPrompt(conversation)]) {
      const text = summarizeOffline({ system: '', prompt });
      const next = section(text, text.includes('## Next Steps') ? '## Next Steps' : '## Next step');
      expect(next).not.toMatch(/wait more|check what's next/);
      expect(next.split('\n').length).toBeGreaterThan(1);
      expect(text).not.toMatch(/Was about to: (?:Let me wait|Now let me check)/);
    }
  });

  it('keeps every human message, the long ones trimmed in the middle, newest first when the budget bites', () => {
    const long = `Please refactor the billing module. ${'Keep the public API stable and document every change. '.repeat(60)}The deadline is Friday.`;
    const humans = ['Start with the invoices table', long, 'Then add tests for refunds', 'And finally update the changelog'];
    const conversation = humans.map((text, index) => `[User]: ${text}\n\n[Assistant]: Working on step ${index + 1} in \`src/billing/step${index + 1}.ts\`.`).join('\n\n');
    const text = summarizeOffline({ system: '', prompt: conversation });
    const requests = section(text, '## User requests');
    expect(requests).toContain('- Start with the invoices table');
    expect(requests).toContain('- Please refactor the billing module.');
    expect(requests).toContain('[…]');
    expect(requests).toContain('The deadline is Friday.');
    expect(requests).toContain('- And finally update the changelog');
    // A tight budget trims the long one further before anything goes…
    const trimmed = section(summarizeOffline({ system: '', prompt: conversation }, { summaryMaxTokens: 200 }), '## User requests');
    expect(trimmed).toContain('- Please refactor the billing module. Keep the public API […] change. The deadline is Friday.');
    for (const text of [humans[0], humans[2], humans[3]]) expect(trimmed).toContain(`- ${text}`);
    // …and a tighter one lets the older ones go first: the latest and the task as given stay.
    const tight = section(summarizeOffline({ system: '', prompt: conversation }, { summaryMaxTokens: 140 }), '## User requests');
    expect(tight).toContain('- And finally update the changelog');
    expect(tight).toContain('- Then add tests for refunds');
    expect(tight).toContain('- Start with the invoices table');
    expect(tight).not.toContain('Please refactor');
  });

  it('holds the budget in the counter it is given, and halves it for a split turn\'s prefix', () => {
    const messages = fixtureMessages();
    const conversation = serializeForTest(messages.slice(0, 200));
    const words = { encoding: 'o200k_base' as const, count: (value: string) => value.split(/\s+/).filter(Boolean).length };
    const text = summarizeOffline({ system: '', prompt: dartPrompt(conversation) }, { summaryMaxTokens: 500, counter: words });
    expect(words.count(text)).toBeLessThanOrEqual(500);
    expect(words.count(text)).toBeGreaterThan(400);
    const prefix = `<conversation>\n${conversation}\n</conversation>\n\nThe messages above are only the START of a turn too long to keep whole.\n\n## Original Request\n\n## Early Progress\n\n## Context for Suffix`;
    expect(words.count(summarizeOffline({ system: '', prompt: prefix }, { summaryMaxTokens: 500, counter: words }))).toBeLessThanOrEqual(250);
  });
});
