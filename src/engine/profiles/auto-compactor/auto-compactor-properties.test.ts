import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { lintToolPairs } from '../../run/pair-lint';
import type { ScriptStep } from '../../run/scripted-summarizer.test-support';
import type { Block, Message } from '../../transcript/model';
import { runWith } from './auto-compactor.test-support';
import { seedEstimator } from './estimate';
import { pinBudgetChars } from '../../pins/pinned-operative';
import { repairToolPairingSeed, validateToolPairing } from './tool-pairing';

/** One generated turn: a user ask, then assistant steps each with its calls answered right after. */
const turn = fc.record({
  ask: fc.integer({ min: 1, max: 700 }),
  steps: fc.array(
    fc.record({
      text: fc.integer({ min: 0, max: 500 }),
      calls: fc.array(fc.record({ name: fc.constantFrom('read', 'write', 'edit', 'bash'), path: fc.integer({ min: 0, max: 5 }), output: fc.integer({ min: 0, max: 900 }) }), { maxLength: 3 }),
      isBundled: fc.boolean(),
      usage: fc.option(fc.integer({ min: 1, max: 6000 }), { nil: undefined }),
    }),
    { maxLength: 3 },
  ),
});

const transcript = fc.record({ turns: fc.array(turn, { minLength: 1, maxLength: 8 }), hasTimestamps: fc.boolean(), reusesIds: fc.boolean() }).map(({ turns, hasTimestamps, reusesIds }) => {
  const messages: Message[] = [];
  let clock = Date.UTC(2026, 0, 1);
  const add = (role: Message['role'], blocks: Block[], extra: Partial<Message> = {}): void => {
    clock += 1000;
    messages.push({ id: `m${messages.length}`, role, origin: role === 'assistant' ? 'model' : role === 'tool' ? 'tool' : 'human', blocks, sourceRef: {}, raw: null, ...(hasTimestamps ? { createdAt: new Date(clock).toISOString() } : {}), ...extra });
  };
  turns.forEach((spec, turnIndex) => {
    add('user', [{ kind: 'text', text: `ask ${turnIndex} ${'u'.repeat(spec.ask)}` }]);
    spec.steps.forEach((step, stepIndex) => {
      // Reused ids (call_0, call_1 … again every step) are the production duplicate source the repair renames.
      const ids = step.calls.map((_, index) => (reusesIds ? `call_${index}` : `call_${turnIndex}_${stepIndex}_${index}`));
      const calls: Block[] = step.calls.map((call, index) => ({ kind: 'tool_call', callId: ids[index], name: call.name, args: { path: `src/file${call.path}.ts` }, argsRaw: JSON.stringify({ path: `src/file${call.path}.ts` }) }));
      add('assistant', [...(step.text > 0 ? [{ kind: 'text' as const, text: 'a'.repeat(step.text) }] : []), ...calls], step.usage ? { usage: { totalTokens: step.usage } } : {});
      const results: Block[] = step.calls.map((call, index) => ({ kind: 'tool_result', callId: ids[index], name: call.name, content: 'r'.repeat(call.output), isError: false }));
      if (results.length === 0) return;
      if (step.isBundled) add('tool', results);
      else for (const result of results) add('tool', [result]);
    });
  });
  return messages;
});

const settings = fc.record({
  window: fc.integer({ min: 600, max: 5000 }),
  keepRecentTokens: fc.integer({ min: 20, max: 700 }),
  force: fc.boolean(),
  pins: fc.array(fc.string({ minLength: 0, maxLength: 80 }), { maxLength: 4 }),
  steps: fc.array(fc.oneof(fc.integer({ min: 1, max: 3000 }).map((length): ScriptStep => ({ text: `S${'s'.repeat(length)}` })), fc.constant<ScriptStep>({ error: 'nope' })), { minLength: 1, maxLength: 4 }),
});

const withoutUsage = (message: Message): Message => {
  const copy = { ...message };
  delete copy.usage;
  return copy;
};

describe('auto-compactor properties (randomized transcripts with tool calls, with and without timestamps)', () => {
  it('R1: every pass keeps the Dart code\'s guarantees — pairs whole, summary first, kept tail byte-identical (as the request-boundary repair sends it), carrier outside the estimate and within 8,192 chars', async () => {
    await fc.assert(
      fc.asyncProperty(transcript, settings, async (messages, options) => {
        const operativeSkills = [{ name: 'rules', operative: options.pins, isRead: false }];
        const { result } = await runWith(messages, { config: { window: options.window, reserveTokens: 100, keepRecentTokens: options.keepRecentTokens, force: options.force, operativeSkills }, main: options.steps });
        const inputLint = lintToolPairs(messages);
        let previous = messages;
        for (const pass of result.passes) {
          const output = pass.messages;
          const carrier = output.find((message) => message.id.endsWith('-pins'));
          const projected = output.filter((message) => message !== carrier);
          expect(new Set(output.map((message) => message.id)).size).toBe(output.length);
          // No pass leaves a result without its call, or a call without its result, that the input did not have.
          const lint = lintToolPairs(output);
          expect(lint.orphanResults.filter((id) => !inputLint.orphanResults.includes(id))).toEqual([]);
          expect(lint.unansweredCalls.filter((id) => !inputLint.unansweredCalls.includes(id))).toEqual([]);
          if (pass.ok) expect(pass.tokensAfter).toBe(seedEstimator().requestTokens(projected));
          if (carrier) {
            const text = carrier.blocks.map((block) => (block.kind === 'text' ? block.text : '')).join('');
            expect(text.length).toBeLessThanOrEqual(pinBudgetChars);
            expect(output[output.indexOf(carrier) - 1].id).toMatch(/-(summary|trim-marker)$/);
          }
          if (pass.ok && pass.strategy === 'llm-summary' && !pass.flags.includes('no-work')) {
            expect(projected[0]).toMatchObject({ role: 'user', origin: 'summary', id: `auto-compactor-p${pass.pass}-summary` });
            const kept = projected.slice(1);
            expect(kept.length).toBeGreaterThan(0);
            expect(kept[0].role).not.toBe('tool');
            const before = previous.filter((message) => !message.id.endsWith('-pins'));
            const start = before.findIndex((message) => message.id === kept[0].id);
            expect(start).toBeGreaterThan(-1);
            // Byte-identical as the next request sends it: through the seed's pair repair (a no-op on a valid tail;
            // reused ids are renamed), with the summary as it stood before a note could ride it.
            const summary = { ...projected[0], blocks: projected[0].blocks.slice(0, 1) };
            expect(projected).toEqual(repairToolPairingSeed([summary, ...before.slice(start).map(withoutUsage)], `auto-compactor-p${pass.pass}`).messages);
            if (validateToolPairing(before.slice(start)).length === 0) expect(kept).toEqual(before.slice(start).map(withoutUsage));
          }
          if (pass.strategy === 'local-trim') expect(validateToolPairing(projected)).toEqual([]);
          previous = output;
        }
        expect(messages.every((message, index) => message.id === `m${index}`)).toBe(true);
      }),
      { seed: 20261201, numRuns: 120 },
    );
  });

  it('R2: nothing new since the last compaction is no work under force — no call, one pass, the list unchanged', async () => {
    await fc.assert(
      fc.asyncProperty(transcript, fc.integer({ min: 20, max: 700 }), async (messages, keepRecentTokens) => {
        const first = await runWith(messages, { config: { force: true, keepRecentTokens }, main: [{ text: 'SUMMARY' }, { error: 'nope' }] });
        fc.pre(first.result.passes.some((pass) => pass.ok && pass.strategy === 'llm-summary'));
        const again = await runWith(first.result.messages, { config: { force: true, keepRecentTokens }, carryState: first.result.carryState });
        expect(again.main.requests).toHaveLength(0);
        expect(again.result.passes).toHaveLength(1);
        expect(again.result.passes[0].flags).toContain('no-work');
        expect(again.result.messages).toEqual(first.result.messages);
      }),
      { seed: 1409, numRuns: 80 },
    );
  });
});
