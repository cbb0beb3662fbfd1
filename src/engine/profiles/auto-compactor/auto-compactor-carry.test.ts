import { describe, expect, it } from 'vitest';
import { runWith, textMessage } from './auto-compactor.test-support';
import { defaultCarrierIntro } from '../../pins/pin-framing-prompts';

const operative = Array.from({ length: 20 }, (_, index) => `pin ${String(index).padStart(2, '0')} ${'q'.repeat(143)}`);
const skills = [{ name: 'rules', operative, isRead: true }];

/** A first run that summarizes and leaves a carrier, and its output with one new message after it. */
async function chained() {
  const messages = Array.from({ length: 12 }, (_, index) => textMessage('user', 404, { id: `m${index + 1}` }));
  const first = await runWith(messages, { config: { operativeSkills: skills }, main: [{ text: 'SUMMARY' }] });
  const grown = [...first.result.messages, textMessage('user', 40, { id: 'new' })];
  return { first, grown };
}

describe('auto-compactor across runs (operative_pins.dart: the carrier is built per request, never stored)', () => {
  it('D24: an earlier run’s carrier is not conversation — the gate leaves it out, as it would a carrier upstream never stored', async () => {
    const { first, grown } = await chained();
    expect(first.result.messages.map((message) => message.id)).toContain('auto-compactor-p1-pins');
    const withCarrier = await runWith(grown, { config: { operativeSkills: skills }, carryState: first.result.carryState });
    const withoutCarrier = await runWith(grown.filter((message) => message.id !== 'auto-compactor-p1-pins'), { config: { operativeSkills: skills }, carryState: first.result.carryState });
    const gate = (run: typeof withCarrier) => run.events.find((event) => event.type === 'gate');
    expect(gate(withCarrier)).toMatchObject({ shouldCompact: false });
    expect(gate(withCarrier)).toEqual(gate(withoutCarrier));
  });

  it('D25: a forced later run drops the old carrier (its fate says why), never sends it to the summarizer, and places one new carrier after its own summary', async () => {
    const { first, grown } = await chained();
    const second = await runWith(grown, { config: { operativeSkills: skills, force: true }, carryState: first.result.carryState, main: [{ text: 'SECOND' }] });
    expect(second.main.requests).toHaveLength(1);
    expect(second.main.requests[0].prompt).not.toContain(defaultCarrierIntro);
    const [pass] = second.result.passes;
    expect(pass.fates['auto-compactor-p1-pins']).toEqual({ kind: 'dropped', reason: expect.stringContaining('pinned-lines message') });
    const carriers = second.result.messages.filter((message) => message.origin === 'injected' && message.id.endsWith('-pins'));
    expect(carriers).toHaveLength(1);
    expect(carriers[0].id).not.toBe('auto-compactor-p1-pins');
    expect(second.result.carryState).toMatchObject({ carrierIds: [carriers[0].id] });
  });
});
