import { describe, expect, it } from 'vitest';
import { lintToolPairs } from '../../run/pair-lint';
import { autoCompactorConfigSchema, autoCompactorDefaults } from './auto-compactor-config';
import { callMessage, mainModel, message, resultMessage, runWith, smolModel, textMessage, textOf } from './auto-compactor.test-support';
import { seedEstimator } from './estimate';
import { buildPinnedOperative, pinBudgetChars, renderCarrier } from '../../pins/pinned-operative';
import { validateToolPairing } from './tool-pairing';

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

  it('D15: upstream D3 exactly — compacted once, nothing new since: under force one no-op pass and no call (auto_compactor_test.dart, compaction.dart prepareCompaction)', async () => {
    const messages = [textMessage('user', 402, { id: 'u1', label: 'u1' }), textMessage('assistant', 400, { id: 'a1', usage: staleUsage })];
    const first = await runWith(messages, { config: { force: true }, main: [{ text: 'SUMMARY' }] });
    expect(first.main.requests).toHaveLength(1);
    const compacted = first.result.messages;
    expect(compacted.map((kept) => kept.id)).toEqual(['auto-compactor-p1-summary', 'u1', 'a1']);
    const pins = [{ name: 'fleet', operative: ['use fleet_sweep.sh; never hand-roll the gh battery'], isRead: false }];
    const again = await runWith(compacted, { config: { force: true, operativeSkills: pins }, carryState: first.result.carryState, isMeasured: true });
    expect(again.main.requests).toHaveLength(0);
    expect(again.result).toMatchObject({ success: true, summarizerCalls: 0 });
    expect(again.result.passes).toHaveLength(1);
    expect(again.result.passes[0].flags).toEqual(expect.arrayContaining(['no-work', 'no-op']));
    // A no-work pass wrote no boundary, so it shows no carrier either: the output is the input.
    expect(again.result.messages).toEqual(compacted);
    expect(again.result.carryState).toEqual(first.result.carryState);
    // One message more is new work: the carried record is the previous checkpoint, raw, and its leaf is gone.
    const grown = await runWith([...compacted, textMessage('user', 40, { id: 'u2' })], { config: { force: true }, carryState: first.result.carryState, main: [{ text: 'SECOND' }] });
    expect(grown.main.requests).toHaveLength(1);
    expect(grown.main.requests[0].prompt).toContain('<previous-checkpoint>\nSUMMARY\n</previous-checkpoint>');
    expect(grown.result.messages[0].id).toBe('auto-compactor-r2-p1-summary');
    expect(grown.result.passes[0].fates['auto-compactor-p1-summary']).toEqual({ kind: 'summarized', summaryId: 'auto-compactor-r2-p1-summary' });
  });

  it('D16: the pinned carrier is not in the gate\'s estimate — 20 pins of 150 chars still fit after one call (auto_compactor.dart _requestTokens reads state.messages only)', async () => {
    const operative = Array.from({ length: 20 }, (_, index) => `pin ${String(index).padStart(2, '0')} ${'q'.repeat(143)}`);
    expect(operative.every((line) => line.length === 150)).toBe(true);
    const messages = Array.from({ length: 12 }, () => textMessage('user', 404));
    const { result, main } = await runWith(messages, { config: { operativeSkills: [{ name: 'rules', operative, isRead: true }] }, main: [{ text: 'SUMMARY' }], isMeasured: true });
    expect(main.requests).toHaveLength(1);
    expect(result.success).toBe(true);
    expect(result.passes).toHaveLength(1);
    const carrier = result.messages.find((kept) => kept.id === 'auto-compactor-p1-pins');
    expect(carrier).toBeDefined();
    const withoutCarrier = result.messages.filter((kept) => kept !== carrier);
    expect(result.passes[0].tokensAfter).toBe(seedEstimator().requestTokens(withoutCarrier));
    // Counted, the carrier alone would keep the list over the 900-token gate: every pass would fail to fit.
    expect(seedEstimator().requestTokens(result.messages)).toBeGreaterThan(900);
    // The exact figure is the page's: it counts what the next request holds, carrier included.
    expect(result.passes[0].exact?.after ?? 0).toBeGreaterThan(result.passes[0].tokensAfter);
  });

  it('D17: the carrier renders each pin quoted with its provenance and the 8,192-char budget is measured on that — 100 pins of 70 chars drop 23 (operative_pins.dart pinCarrierBlock)', async () => {
    const operative = Array.from({ length: 100 }, (_, index) => `${String(index).padStart(3, '0')} ${'p'.repeat(66)}`);
    const skills = [{ name: 'skill', operative, isRead: false }];
    const seed = buildPinnedOperative(skills, pinBudgetChars, 'seed');
    expect(seed?.dropped).toHaveLength(23);
    expect(seed?.dropped.map((pin) => pin.line.slice(0, 3))).toEqual(operative.slice(0, 23).map((line) => line.slice(0, 3)));
    expect(renderCarrier(seed!.pins, new Set(), 'seed').length).toBeLessThanOrEqual(pinBudgetChars);
    // The lab style (the unified profile's bare lines) would keep all 100 in 7,479 chars.
    const lab = buildPinnedOperative(skills);
    expect(lab?.dropped).toHaveLength(0);
    expect(renderCarrier(lab!.pins).length).toBe(7479);
    const { result } = await runWith(Array.from({ length: 12 }, () => textMessage('user', 404)), { config: { operativeSkills: skills } });
    const carrier = textOf(result.messages[1]);
    expect(carrier).toContain(`\n- "${operative[23]}" (pinned from skill \`skill\``);
    expect(carrier).not.toContain(operative[22]);
    expect(result.passes[0].notices?.filter((notice) => notice.startsWith('pinned line dropped'))).toHaveLength(23);
    // Lines are read as the manifest parser reads them: trimmed, empty ones skipped, over 512 rejected, the rest byte-exact.
    const parsed = buildPinnedOperative([{ name: 'x', operative: ['  keep me  ', '', 'two\nlines', 'y'.repeat(513), 'z'.repeat(512)], isRead: false }], pinBudgetChars, 'seed');
    expect(parsed?.pins.map((pin) => pin.line)).toEqual(['keep me', 'two\nlines', 'z'.repeat(512)]);
    expect(parsed?.rejected).toEqual([{ skill: 'x', length: 513 }]);
  });

  it('D18: no output cap — no summarizer request carries maxOutputTokens, split turn included (compaction.dart 24–26)', async () => {
    const messages = [textMessage('user', 404), textMessage('assistant', 404), textMessage('user', 404), callMessage('c1', 'bash', { command: 'ls' }), resultMessage('c1', 'z'.repeat(404)), textMessage('assistant', 604)];
    const { main } = await runWith(messages, { config: { force: true }, main: [{ text: 'HISTORY' }, { text: 'PREFIX' }] });
    expect(main.requests).toHaveLength(2);
    for (const request of main.requests) expect('maxOutputTokens' in request).toBe(false);
  });

  it('D19: local trim repair — the orphan note rides the last user message and a reused call id is renamed on both sides (tool_pairing.dart)', async () => {
    const messages = [
      textMessage('user', 800, { id: 'old' }),
      callMessage('c1', 'bash', { command: 'ls' }, 'call-1'),
      resultMessage('c1', 'one', 'result-1'),
      textMessage('user', 20, { id: 'next' }),
      callMessage('c1', 'bash', { command: 'pwd' }, 'call-2'),
      resultMessage('c1', 'two', 'result-2'),
      resultMessage('gone', 'stale', 'orphan'),
      textMessage('user', 20, { id: 'tail' }),
    ];
    const { result } = await runWith(messages, { config: { force: true }, main: [{ error: 'nope' }] });
    const output = result.messages;
    expect(output.map((kept) => kept.id)).toEqual(['auto-compactor-p1-trim-marker', 'call-1', 'result-1', 'next', 'call-2', 'result-2', 'tail']);
    const callIds = output.flatMap((kept) => kept.blocks.flatMap((block) => (block.kind === 'tool_call' || block.kind === 'tool_result' ? [block.callId] : [])));
    expect(callIds).toEqual(['c1', 'c1', 'c1_2', 'c1_2']);
    expect(output[6].blocks).toHaveLength(2);
    expect(output[6].blocks[1]).toMatchObject({ kind: 'text', text: expect.stringMatching(/^\[context note: .*\(call gone\) lost its call at the local trim cut/) });
    expect(validateToolPairing(output)).toEqual([]);
    expect(result.passes[0].fates).toMatchObject({ 'call-2': { kind: 'repaired' }, 'result-2': { kind: 'repaired' }, orphan: { kind: 'dropped' }, tail: { kind: 'repaired' } });
    expect(messages[4].blocks[0]).toMatchObject({ callId: 'c1' });
  });

  it('D20: later passes of one run summarize their own output again (the documented multi-pass contract; upstream stops after one)', async () => {
    const messages = Array.from({ length: 12 }, () => textMessage('user', 404));
    const { result, main } = await runWith(messages, { main: [{ text: 'x'.repeat(3000) }, { text: 'short' }] });
    expect(main.requests).toHaveLength(2);
    expect(result.passes.map((pass) => pass.flags.includes('no-work'))).toEqual([false, false]);
    expect(main.requests[1].prompt).toContain(`<previous-checkpoint>\n${'x'.repeat(3000)}\n</previous-checkpoint>`);
    expect(result.success).toBe(true);
  });

  it('D21: a newest message over keepRecentTokens on its own leaves nothing to keep — no trim, an honest failure (auto_compactor.dart _localTrimFallback)', async () => {
    const messages = [textMessage('user', 404, { id: 'first' }), textMessage('user', 800, { id: 'huge' })];
    const { result } = await runWith(messages, { config: { force: true }, main: [{ error: 'nope' }] });
    expect(result.success).toBe(false);
    expect(result.passes[0]).toMatchObject({ ok: false, fallback: undefined, strategy: 'llm-summary' });
    expect(result.passes[0].error?.message).toBe('Error: nope');
    expect(result.messages.map((kept) => kept.id)).toEqual(['first', 'huge']);
  });

  it('D22: a run that summarized then trimmed leaves a compacted leaf too — the next forced run is no work (the session leaf is still its record)', async () => {
    const messages = Array.from({ length: 12 }, () => textMessage('user', 404));
    const first = await runWith(messages, { main: [{ text: 'x'.repeat(4000) }, { error: 'nope' }] });
    expect(first.result.passes.map((pass) => pass.strategy)).toEqual(['llm-summary', 'local-trim']);
    const again = await runWith(first.result.messages, { config: { force: true }, carryState: first.result.carryState });
    expect(again.main.requests).toHaveLength(0);
    expect(again.result.passes[0].flags).toContain('no-work');
  });

  it('D23: "no work" is what an attempt finds — the attempt starts (label and budget reported), and an exhausted total budget fails it first, so the pass trims (auto_compactor.dart _attempt)', async () => {
    const messages = [textMessage('user', 402, { id: 'u1' }), textMessage('assistant', 400, { id: 'a1', usage: staleUsage })];
    const first = await runWith(messages, { config: { force: true }, main: [{ text: 'SUMMARY' }] });
    const noWork = await runWith(first.result.messages, { config: { force: true }, carryState: first.result.carryState });
    expect(noWork.events.filter((event) => event.type === 'attempt-start')).toEqual([expect.objectContaining({ attempt: 1, label: `main=${mainModel}` })]);
    expect(noWork.main.requests).toHaveLength(0);
    expect(noWork.result.passes[0]).toMatchObject({ ok: true, attempts: 1, flags: ['no-work'] });
    const spent = await runWith(first.result.messages, { config: { force: true, totalBudgetMs: 0 }, carryState: first.result.carryState });
    expect(spent.main.requests).toHaveLength(0);
    expect(spent.result.passes[0]).toMatchObject({ ok: true, fallback: 'local-trim', strategy: 'local-trim' });
  });
});

