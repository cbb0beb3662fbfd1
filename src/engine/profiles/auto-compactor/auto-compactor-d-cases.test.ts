import { describe, expect, it } from 'vitest';
import { lintToolPairs } from '../../run/pair-lint';
import { autoCompactorConfigSchema, autoCompactorDefaults } from './auto-compactor-config';
import { callMessage, mainModel, message, resultMessage, runWith, smolModel, textMessage, textOf } from './auto-compactor.test-support';

const staleUsage = { totalTokens: 5000 };

describe('auto-compactor conformance D1–D14 (spec §1.11)', () => {
  it('D1: stale usage anchors are cleared after one successful pass', async () => {
    const messages = [textMessage('user', 400), textMessage('assistant', 400, { usage: staleUsage }), textMessage('user', 400), textMessage('assistant', 400, { usage: staleUsage })];
    const { result, main, events } = await runWith(messages);
    expect(result.tokensBefore).toBe(5000);
    expect(result.success).toBe(true);
    expect(main.requests).toHaveLength(1);
    expect(result.passes).toHaveLength(1);
    expect(result.passes[0].tokensAfter).toBeLessThan(1000);
    expect(result.messages.every((kept) => kept.usage === undefined)).toBe(true);
    expect(events.filter((event) => event.type === 'pass-end')).toHaveLength(1);
    expect(events.at(-1)?.type).toBe('run-end');
  });

  it('D2: an unanchored transcript counts the system prompt (400 + 600 > 900)', async () => {
    const messages = [textMessage('user', 400), textMessage('assistant', 400), textMessage('user', 400), textMessage('assistant', 400)];
    const system = message('system', [{ kind: 'text', text: 's'.repeat(2400) }], { id: 'system' });
    const { result, main, events } = await runWith(messages, { system });
    expect(events.find((event) => event.type === 'gate')).toMatchObject({ shouldCompact: true, tokens: 1000, threshold: 900 });
    expect(main.requests).toHaveLength(1);
    expect(result.passes).toHaveLength(1);
    expect(result.success).toBe(true);
  });

  it('D3: a leaf that is already a compaction is a no-op pass with no call', async () => {
    const messages = [message('user', [{ kind: 'text', text: 'The conversation history before this point was compacted into the following summary:\n\n<summary>\nold\n</summary>' }], { origin: 'summary' })];
    const { result, main } = await runWith(messages, { config: { force: true } });
    expect(result.success).toBe(true);
    expect(result.passes).toHaveLength(1);
    expect(result.passes[0].flags).toContain('no-work');
    expect(main.requests).toHaveLength(0);
  });

  it('D4: a summarizer that never answers is cut at the attempt budget and the pass falls to local trim', async () => {
    const messages = [textMessage('user', 400), textMessage('assistant', 400), textMessage('user', 400), textMessage('assistant', 400)];
    const { result, clock, main } = await runWith(messages, { config: { force: true, attemptBudgetMs: 100 }, main: [{ hangMs: 1e12 }] });
    expect(clock.now()).toBeLessThan(10_000);
    expect(result.passes).toHaveLength(1);
    expect(result.passes[0].fallback).toBe('local-trim');
    expect(result.success).toBe(true);
    expect(main.requests[0].signal.aborted).toBe(true);
  });

  it('D5: a hang with nothing to trim fails honestly with a timeout', async () => {
    const messages = [textMessage('assistant', 20, { usage: staleUsage })];
    const { result } = await runWith(messages, { config: { attemptBudgetMs: 100 }, main: [{ hangMs: 1e12 }] });
    expect(result.success).toBe(false);
    expect(result.passes).toHaveLength(1);
    expect(result.passes[0]).toMatchObject({ ok: false, fallback: undefined });
    expect(result.passes[0].error?.message).toMatch(/^TimeoutException/);
  });

  it('D6: when both summarizers throw, local trim drops old messages behind the marker', async () => {
    const messages = Array.from({ length: 12 }, () => textMessage('user', 404));
    const { result, smol, main } = await runWith(messages, { hasDistinctSmol: true, smol: [{ error: 'nope' }], main: [{ error: 'nope' }] });
    expect(result.tokensBefore).toBe(1212);
    expect(smol.requests).toHaveLength(1);
    expect(main.requests).toHaveLength(1);
    expect(result.success).toBe(true);
    expect(result.messages.length).toBeLessThan(12);
    expect(result.messages[0].role).toBe('user');
    expect(textOf(result.messages[0])).toContain('context trimmed locally');
    const pass = result.passes[0];
    expect(pass).toMatchObject({ ok: true, fallback: 'local-trim', strategy: 'local-trim', droppedMessages: 11 });
    expect(pass.tokensAfter).toBeLessThan(pass.tokensBefore);
  });

  it('D7: a trim cut between a tool call and its result keeps no tool result at all', async () => {
    const messages = [textMessage('user', 404), callMessage('c1', 'bash', { command: 'x'.repeat(90) }), resultMessage('c1', 'r'.repeat(404)), textMessage('user', 120)];
    const { result } = await runWith(messages, { config: { force: true }, main: [{ error: 'nope' }] });
    const kept = result.messages;
    expect(kept.some((kept) => kept.blocks.some((block) => block.kind === 'tool_result'))).toBe(false);
    expect(lintToolPairs(kept).orphanResults).toEqual([]);
    expect(result.passes[0].fallback).toBe('local-trim');
  });

  it('D8: an orphan result inside the kept region is dropped with exactly one context note, on the last user message', async () => {
    const messages = [textMessage('user', 800), textMessage('user', 100, { id: 'u-kept' }), resultMessage('bash_198', 'output of bash'), textMessage('assistant', 100)];
    const { result } = await runWith(messages, { config: { force: true }, main: [{ error: 'nope' }] });
    const kept = result.messages;
    expect(kept.some((kept) => kept.blocks.some((block) => block.kind === 'tool_result'))).toBe(false);
    // tool_pairing.dart (gh-1449) appends the note as a text block of the last user message, not a message of its own.
    const notes = kept.flatMap((kept) => (kept.role === 'user' ? kept.blocks : [])).filter((block) => block.kind === 'text' && block.text.startsWith('[context note:'));
    expect(notes).toHaveLength(1);
    expect(notes[0]).toMatchObject({ kind: 'text', text: expect.stringContaining('bash_198') });
    expect(kept.map((kept) => kept.id)).toEqual(['auto-compactor-p1-trim-marker', 'u-kept', messages[3].id]);
    expect(kept[1].blocks.at(-1)).toBe(notes[0]);
    expect(textOf(kept[0])).toContain('context trimmed locally');
  });

  it('D9: one tiny message and both rungs failing is an honest failure', async () => {
    const { result } = await runWith([textMessage('user', 20)], { config: { force: true }, hasDistinctSmol: true, smol: [{ error: 'nope' }], main: [{ error: 'nope' }] });
    expect(result.success).toBe(false);
    expect(result.passes[0]).toMatchObject({ ok: false, fallback: undefined });
    expect(result.passes[0].error?.message).toBe('Error: nope');
  });

  it('D10: defaults are the seed\'s (300 s per attempt, 15 min total)', () => {
    expect(autoCompactorDefaults).toMatchObject({ attemptBudgetMs: 300_000, totalBudgetMs: 900_000, maxPasses: 8, maxAttempts: 3, baseBackoffMs: 1000, force: false, reserveTokens: 16384, keepRecentTokens: 20000, triggerRatio: null, estimator: 'seed' });
  });

  it('D11: an exhausted total budget makes no call and trims locally', async () => {
    const messages = [textMessage('user', 404), textMessage('assistant', 404)];
    const { result, main } = await runWith(messages, { config: { force: true, totalBudgetMs: 0 }, main: [{ error: 'connection closed' }] });
    expect(main.requests).toHaveLength(0);
    expect(result.summarizerCalls).toBe(0);
    expect(result.success).toBe(true);
    expect(result.passes[0].fallback).toBe('local-trim');
    expect(textOf(result.messages[0])).toContain('trimmed locally');
  });

  it('D12: smol fails with a non-transient error, main answers; attempt starts carry label and budget', async () => {
    const messages = Array.from({ length: 12 }, () => textMessage('user', 404));
    const { result, events, smol } = await runWith(messages, { config: { attemptBudgetMs: 7000 }, hasDistinctSmol: true, smol: [{ error: 'nope' }], main: [{ text: 'ok' }] });
    const starts = events.filter((event) => event.type === 'attempt-start');
    expect(starts).toEqual([
      { type: 'attempt-start', pass: 1, attempt: 1, role: 'smol', model: smolModel, budgetMs: 7000, label: `smol=${smolModel}`, maxAttempts: 3 },
      { type: 'attempt-start', pass: 1, attempt: 1, role: 'main', model: mainModel, budgetMs: 7000, label: `main=${mainModel}`, maxAttempts: 3 },
    ]);
    expect(smol.requests).toHaveLength(1);
    expect(events.some((event) => event.type === 'attempt-retry')).toBe(false);
    expect(events.find((event) => event.type === 'fallback')).toMatchObject({ from: `smol=${smolModel}`, to: `main=${mainModel}` });
    expect(result.passes[0]).toMatchObject({ ok: true, fallback: 'main' });
  });

  it('D13: configured budgets (7 s / 9 min) are the ones the run uses', async () => {
    const config = autoCompactorConfigSchema.parse({ attemptBudgetMs: 7000, totalBudgetMs: 540_000 });
    expect(config).toMatchObject({ attemptBudgetMs: 7000, totalBudgetMs: 540_000 });
    const { events } = await runWith([textMessage('user', 404), textMessage('user', 404)], { config: { force: true, attemptBudgetMs: 7000, totalBudgetMs: 540_000 } });
    expect(events.find((event) => event.type === 'attempt-start')).toMatchObject({ budgetMs: 7000 });
  });

  it('D14: the run reports exactly the passes its pass-end events announced', async () => {
    const messages = Array.from({ length: 12 }, () => textMessage('user', 404));
    const { result, events } = await runWith(messages, { main: [{ text: 'x'.repeat(3000) }, { text: 'short' }] });
    const passEnds = events.filter((event) => event.type === 'pass-end');
    expect(result.passes.length).toBeGreaterThan(1);
    expect(passEnds).toHaveLength(result.passes.length);
    expect(passEnds.map((event) => (event.type === 'pass-end' ? event.snapshot.pass : 0))).toEqual(result.passes.map((pass) => pass.pass));
  });
});
