import { describe, expect, it } from 'vitest';
import type { Message } from '../../transcript/model';
import { buildPinnedOperative, pinBudgetChars, renderCarrier } from '../../pins/pinned-operative';
import { defaultCarrierIntro, defaultPinnedBlockHeader } from '../../pins/pin-framing-prompts';
import { message, runWith, textOf } from './auto-compactor.test-support';

const pin = 'use fleet_sweep.sh; never hand-roll the gh battery';
const skills = [{ name: 'fleet', operative: [pin], isRead: false }];
const folded = (): Message[] => Array.from({ length: 12 }, (_, index) => message('user', [{ kind: 'text', text: `u${index}${'a'.repeat(400)}` }]));
const carrierOf = (messages: readonly Message[]): string => messages.map(textOf).find((text) => text.startsWith('<pinned-skill-directives>')) ?? '';

describe('the texts that frame pinned lines: ours by default, overridable (upstream writes them as fixed strings)', () => {
  it('D29: prompts.pinnedBlockHeader replaces the header of the pinned block in every summarizer prompt', async () => {
    const plain = await runWith(folded(), { config: { operativeSkills: skills } });
    expect(plain.main.requests[0].prompt).toContain(`${defaultPinnedBlockHeader}\n- "${pin}"`);
    // The default is ours, and keeps the label the duty prompt (ours and upstream's) names the block by.
    expect(defaultPinnedBlockHeader.startsWith('PINNED OPERATIVE LINES')).toBe(true);
    const header = 'KEEP THESE LINES EXACTLY:';
    const { main } = await runWith(folded(), { config: { operativeSkills: skills, prompts: { pinnedBlockHeader: header } } });
    expect(main.requests[0].prompt).toContain(`${header}\n- "${pin}" (pinned from skill \`fleet\`)`);
    expect(main.requests[0].prompt).not.toContain(defaultPinnedBlockHeader);
  });

  it('D30: prompts.pinnedCarrierIntro replaces the carrier\'s opening sentence; the default is as long as upstream\'s (126 chars), so the budget drops the same pins', async () => {
    const plain = await runWith(folded(), { config: { operativeSkills: skills } });
    expect(carrierOf(plain.result.messages).split('\n')[1]).toBe(defaultCarrierIntro);
    const intro = 'Standing rules:';
    const { result } = await runWith(folded(), { config: { operativeSkills: skills, prompts: { pinnedCarrierIntro: intro } } });
    expect(carrierOf(result.messages).startsWith(`<pinned-skill-directives>\n${intro}\n- "${pin}" (pinned from skill \`fleet\``)).toBe(true);
    expect(carrierOf(result.messages)).not.toContain(defaultCarrierIntro);
    // Upstream's sentence (pinCarrierBlock in operative_pins.dart) is 126 characters; the budget is measured on the
    // rendered carrier, so an intro of the same length keeps upstream's drop decisions, and a longer one drops more.
    expect(defaultCarrierIntro).toHaveLength(126);
    const many = Array.from({ length: 60 }, (_, index) => ({ name: `skill-${index}`, operative: [`rule ${index} ${'r'.repeat(120)}`], isRead: false }));
    const payload = buildPinnedOperative(many, pinBudgetChars, 'seed');
    expect(renderCarrier(payload?.pins ?? [], new Set(), 'seed').length).toBeLessThanOrEqual(pinBudgetChars);
    const longer = buildPinnedOperative(many, pinBudgetChars, 'seed', { blockHeader: defaultPinnedBlockHeader, carrierIntro: 'x'.repeat(2000) });
    expect(longer?.dropped.length).toBeGreaterThan(payload?.dropped.length ?? 0);
  });
});
