import { describe, expect, it } from 'vitest';
import { autoCompactorProfile } from '../profiles/auto-compactor';
import { autoCompactorConfigSchema } from '../profiles/auto-compactor/auto-compactor-config';
import type { CallbackRunner } from '../run/callback-runner';
import { FakeClock } from '../run/fake-clock.test-support';
import { runProfile } from '../run/run-profile';
import { scriptedSummarizer } from '../run/scripted-summarizer.test-support';
import { charsPerTokenCounter } from '../tokens/token-counter';
import { plainTurns, replayWith, sessionOf, textOf, toolPair } from './replay.test-support';

const seedOne = { window: 1000, reserveTokens: 100, keepRecentTokens: 150 };
const positions = (report: { compactions: { atMessage: number }[] }): number[] => report.compactions.map((compaction) => compaction.atMessage);

describe('replaySession: compactions where each host checks its gate', () => {
  // Twelve turns of 50 + 250 tokens (chars/4): the gate (> 900) is checked before each human message and at the end.
  const session = sessionOf(plainTurns(12, 200, 1000));

  it('auto-compactor: after each run, so at 1,200 tokens after turn 4, then every two turns from the 292-token compacted context', async () => {
    const report = await replayWith('auto-compactor', session, seedOne);
    expect(report.checkpoint).toBe('turn-end');
    expect(positions(report)).toEqual([7, 13, 19]);
    expect(report.compactions.map((compaction) => [compaction.tokensBefore, compaction.tokensAfter])).toEqual([[1200, 292], [1192, 292], [1192, 292]]);
    // Turn 12 ends at 892 tokens: the last check, at the end of the session, does not fire.
    expect(report.steps[23].gate.tokens).toBe(892);
    // Each compaction makes two calls (the history, then the split turn's prefix); three checks found it over.
    expect(report.totals).toMatchObject({ compactions: 3, failedCompactions: 0, summarizerCalls: 6, peakTokens: 1200, stepsOverTrigger: 3 });
  });

  it('unified keeps seed 1\u2019s gate and host: the same positions', async () => {
    const report = await replayWith('unified', session, seedOne);
    expect(positions(report)).toEqual([7, 13, 19]);
  });

  it('two-tier preflight: before each model call, at ≥ the threshold; a truncation that stays over is said in words', async () => {
    const report = await replayWith('two-tier', session, { tokenThreshold: 900, trigger: 'preflight', policyStrategy: 'truncate', keepLast: 4 });
    expect(report.checkpoint).toBe('model-call');
    // 950 tokens before turn 4's answer. Truncation keeps the last 4 messages and its note of what it archived, 852
    // tokens, so one turn later the context is over again, and every later check finds it over: harn compacts before
    // every call, each time still over the trigger, and the replay says so for each.
    expect(positions(report)).toEqual([6, 8, 10, 12, 14, 16, 18, 20, 22, 23]);
    expect(report.compactions[0]).toMatchObject({ tokensBefore: 950, tokensAfter: 852, success: true });
    expect(report.compactions[0].outcome).toBeUndefined();
    expect(report.compactions[1].outcome).toMatch(/^succeeded, but the context is still over the trigger \(986 > 900, estimate\)/);
  });

  it('two-tier post-turn checks only after a tool turn, before the model reads the results (and once at the end)', async () => {
    const report = await replayWith('two-tier', session, { tokenThreshold: 900, trigger: 'post-turn', policyStrategy: 'truncate', keepLast: 4 });
    expect(report.checkpoint).toBe('tool-turn-end');
    // Plain turns have no tool turn: only the check at the end of the session fires.
    expect(positions(report)).toEqual([23]);
    const withTools = sessionOf([...plainTurns(3, 200, 1000), textOf('user', 200), ...toolPair(2000), textOf('assistant', 400)]);
    const tooled = await replayWith('two-tier', withTools, { tokenThreshold: 900, trigger: 'post-turn', policyStrategy: 'truncate', keepLast: 4, toolOutputMaxChars: 100_000 });
    // 900 + 50 + the call + 500 after the tool's result: over, and checked before the answer that reads it; the last
    // four messages truncation keeps are still over, so the check at the end fires again.
    expect(positions(tooled)).toEqual([8, 9]);
  });

  it('two-tier daemon checks after every message; manual never compacts in a replay', async () => {
    const daemon = await replayWith('two-tier', session, { tokenThreshold: 900, trigger: 'daemon', policyStrategy: 'truncate', keepLast: 4 });
    expect(daemon.checkpoint).toBe('message');
    expect(positions(daemon)[0]).toBe(5);
    const manual = await replayWith('two-tier', session, { tokenThreshold: 900, trigger: 'manual', policyStrategy: 'truncate', keepLast: 4 });
    expect(manual.checkpoint).toBe('never');
    expect(manual.compactions).toEqual([]);
    expect(manual.checkpointLabel).toMatch(/only when asked/);
  });

  it('rolling-summary: every turn rebuilt from the history; a compaction only where the summary was (re)written', async () => {
    const report = await replayWith('rolling-summary', session, { keepVerbatim: 2, summariseAtTokens: 400 });
    expect(report.checkpoint).toBe('turn-end');
    expect(report.trigger).toBeNull();
    expect(report.triggerComparedWith).toMatch(/older turns/);
    // The first older region is always summarized (after turn 3); from then on the older text is over 400 tokens, so
    // every new older turn is summarized again.
    expect(positions(report)).toEqual([5, 7, 9, 11, 13, 15, 17, 19, 21, 23]);
    expect(report.compactions[0].reason).toMatch(/first older region/);
    // The context holds the summary and the last two turns: 600 tokens + the summary.
    expect(report.compactions.every((compaction) => compaction.tokensAfter === 614)).toBe(true);
    // Each compaction's input is what its run read (the history, which ADK rebuilds from), so its fates name exactly
    // the input's messages and a view that opens it finds every fate's message.
    for (const compaction of report.compactions) {
      const fates = compaction.run.passes[compaction.run.passes.length - 1].fates;
      expect(Object.keys(fates).sort()).toEqual(compaction.input.map((message) => message.id).sort());
    }
  });
});

describe('replaySession: what a replay keeps of a single run', () => {
  it('equals a single run when the trigger is crossed only at the end', async () => {
    const messages = plainTurns(4, 200, 1000);
    const report = await replayWith('auto-compactor', sessionOf(messages), seedOne);
    expect(positions(report)).toEqual([7]);
    const clock = new FakeClock();
    const summarizer = scriptedSummarizer([{ text: 'the summary' }], clock);
    const counter = charsPerTokenCounter();
    const single = await runProfile(autoCompactorProfile, {
      messages, config: autoCompactorConfigSchema.parse(seedOne), ports: { counter, clock, summarizers: { main: summarizer, smol: summarizer } }, onEvent: () => undefined,
    });
    const [compaction] = report.compactions;
    expect(compaction.input).toEqual(messages);
    expect(compaction.run.messages).toEqual(single.messages);
    expect(compaction.run.passes.map((pass) => pass.fates)).toEqual(single.passes.map((pass) => pass.fates));
    expect(compaction.tokensAfter).toBe(single.exact?.after);
  });

  it('lists the agent\u2019s own compactions and leaves out the summaries they wrote and sidechains', async () => {
    const before = plainTurns(2, 200, 1000);
    const summary = textOf('user', 400, { origin: 'summary' });
    const sidechain = { ...textOf('assistant', 4000), isSidechain: true };
    const after = plainTurns(2, 200, 1000);
    const messages = [...before, summary, sidechain, ...after];
    const marker = { atIndex: 4, kind: 'compact_boundary', trigger: 'auto' as const, tokensBefore: 155_000, summaryMessageId: summary.id, summaryText: 'summary' };
    const report = await replayWith('auto-compactor', sessionOf(messages, [marker]), seedOne);
    expect(report.sourceCompactions).toEqual([{ atMessage: 4, kind: 'compact_boundary', trigger: 'auto', loggedTokensBefore: 155_000 }]);
    expect(report.skippedMessages).toBe(2);
    expect(report.steps.map((step) => step.atMessage)).toEqual([0, 1, 2, 3, 6, 7, 8, 9]);
    expect(report.steps[report.steps.length - 1].exactTokens).toBe(1200);
  });
});

describe('replaySession: the gate reads the context as the run estimates it', () => {
  it('auto-compactor leaves an earlier compaction\u2019s pinned carrier out of its gate, as its run does', async () => {
    // A carrier of 20 lines of ~150 characters (~800 tokens) after each summary: the seed rebuilds it for each request
    // and never counts it, so the gate must not either, or it reads over the trigger right after every compaction.
    const operative = Array.from({ length: 20 }, (_, index) => `pin ${String(index).padStart(2, '0')} ${'q'.repeat(143)}`);
    const report = await replayWith('auto-compactor', sessionOf(plainTurns(12, 200, 1000)), { ...seedOne, operativeSkills: [{ name: 'rules', operative, isRead: true }] });
    expect(positions(report)).toEqual([7, 13, 19]);
    const after = report.steps.filter((step) => step.compaction !== undefined).map((step) => step.gateAfter?.tokens);
    expect(report.compactions.map((compaction) => [compaction.gate.tokens, compaction.run.tokensBefore, compaction.run.tokensAfter])).toEqual([[1200, 1200, 292], [1192, 1192, 292], [1192, 1192, 292]]);
    expect(after).toEqual([292, 292, 292]);
    expect(report.compactions.map((compaction) => compaction.outcome)).toEqual([undefined, undefined, undefined]);
    expect(report.totals.stepsOverTrigger).toBe(3);
  });
});

describe('replaySession: logged usage and failures', () => {
  it('anchors on logged usage only until the first compaction, and says so', async () => {
    // Each answer logs a context of 2,100 tokens (the harness adds what the transcript never stored): over 1,900 at once.
    const usage = { inputTokens: 2000, outputTokens: 100, totalTokens: 2100, contextTokens: 2000 };
    const messages = Array.from({ length: 16 }, () => [textOf('user', 200), textOf('assistant', 400, { usage })]).flat();
    const report = await replayWith('auto-compactor', sessionOf(messages), { window: 2000, reserveTokens: 100, keepRecentTokens: 150 });
    expect(report.steps[1].gate).toMatchObject({ tokens: 2100, basis: 'logged-usage' });
    expect(report.steps[1].loggedContextTokens).toBe(2000);
    expect(positions(report)[0]).toBe(1);
    // From then on the gate reads chars/4 of the replayed context: 150 tokens a turn, never the logged 2,100 again.
    const later = report.steps.filter((step) => step.atMessage > 1);
    expect(later.every((step) => step.gate.basis === 'estimate' && step.gate.tokens < 2100)).toBe(true);
    expect(positions(report).length).toBe(2);
    expect(report.compactions[1].input.every((message) => message.usage === undefined)).toBe(true);
    expect(report.estimation).toMatch(/until message 2 \(the policy compacted there\)/);
  });

  it('a failing cheap model falls back to the main one, as the ladder says, and the replay goes on', async () => {
    const session = sessionOf(plainTurns(12, 200, 1000));
    const report = await replayWith('auto-compactor', session, { ...seedOne, maxAttempts: 1 }, { smolScript: [{ error: 'HTTP 400 bad request' }] });
    expect(positions(report)).toEqual([7, 13, 19]);
    expect(report.compactions.every((compaction) => compaction.success && compaction.run.passes[0].fallback === 'main')).toBe(true);
  });

  it('when every rung fails, each compaction fails in words and the next check tries again', async () => {
    const session = sessionOf(plainTurns(12, 200, 1000));
    const report = await replayWith('auto-compactor', session, { ...seedOne, maxAttempts: 1 }, { script: [{ error: 'HTTP 400 bad request' }] });
    // Nothing was compacted, so the context stays over the trigger and every later check fires again.
    expect(positions(report)).toEqual([7, 9, 11, 13, 15, 17, 19, 21, 23]);
    expect(report.compactions.every((compaction) => !compaction.success && /^failed: /.test(compaction.outcome ?? ''))).toBe(true);
    expect(report.totals.failedCompactions).toBe(9);
  });

  it('rolling-summary has no fallback: a failed summary is a failed compaction, and the next turn tries again', async () => {
    const session = sessionOf(plainTurns(6, 200, 1000));
    let calls = 0;
    const report = await replayWith('rolling-summary', session, { keepVerbatim: 2, summariseAtTokens: 400 }, {
      summarizer: () => ({ provider: 'scripted', modelId: 'flaky', summarize: async () => {
        calls += 1;
        if (calls === 1) throw new Error('HTTP 400 bad request');
        return { text: 'the summary' };
      } }),
    });
    expect(report.compactions[0]).toMatchObject({ atMessage: 5, success: false });
    expect(report.compactions[0].outcome).toMatch(/^failed: .*the replay went on/);
    expect(report.compactions[1]).toMatchObject({ atMessage: 7, success: true });
    expect(report.totals.failedCompactions).toBe(1);
  });

  it('counts what was sent to summarizers and prices live calls (offline is free, unpriced is null)', async () => {
    const session = sessionOf([...plainTurns(4, 200, 1000), ...toolPair(400), textOf('user', 200)]);
    const report = await replayWith('auto-compactor', session, seedOne);
    expect(report.compactions[0].tokensToSummarizers).toBeGreaterThan(0);
    // The scripted summarizer is neither offline nor priced: its cost is unknown.
    expect(report.totals.costUsd).toBeNull();
  });

  it('stops at the first compaction refused for callbacks without consent, saying where and why', async () => {
    const session = sessionOf(plainTurns(12, 200, 1000));
    const report = await replayWith('two-tier', session, { tokenThreshold: 900, trigger: 'preflight', compactStrategy: 'custom', customCompactor: 'msgs => msgs' });
    expect(report.compactions).toHaveLength(1);
    expect(report.compactions[0].run.error?.code).toBe('callbacks-need-consent');
    expect(report.stopped).toMatch(/^stopped at message 7: The config carries JavaScript callbacks/);
    expect(report.steps[report.steps.length - 1].atMessage).toBe(6);
  });

  it('stops at the first checkpoint after the callback runner says its budget is spent, and calls no callback again (issue 25 item 8)', async () => {
    const session = sessionOf(plainTurns(12, 200, 1000));
    const calls: string[] = [];
    // A runner whose one call spends its whole budget, as the CLI's does when a callback loops past it.
    let exhausted: string | undefined;
    const callbacks: CallbackRunner = {
      runMask: async () => [],
      runCompress: async () => null,
      runCustom: async (source) => {
        calls.push(source);
        exhausted = 'customCompactor did not finish within the callbacks\' 2 s budget';
        throw new Error('timed out');
      },
      budgetExhausted: () => exhausted,
    };
    const report = await replayWith('two-tier', session, { tokenThreshold: 900, trigger: 'preflight', compactStrategy: 'custom', customCompactor: 'msgs => { for (;;) {} }' }, { callbacks });
    // Truncation handles the first compactions; the first that calls the custom compactor is the last of the replay.
    expect(calls).toHaveLength(1);
    const last = report.compactions[report.compactions.length - 1];
    expect(report.compactions.filter((compaction) => !compaction.success)).toEqual([last]);
    expect(last.run.error?.code).toBe('callback-failed');
    expect(report.stopped).toBe(`stopped at message ${last.atMessage + 1}: customCompactor did not finish within the callbacks' 2 s budget`);
    expect(report.steps[report.steps.length - 1].atMessage).toBe(last.atMessage);
  });

  it('goes on past a failed callback while the runner’s budget holds (a callback that only throws)', async () => {
    const session = sessionOf(plainTurns(12, 200, 1000));
    const callbacks: CallbackRunner = { runMask: async () => [], runCompress: async () => null, runCustom: async () => Promise.reject(new Error('mine')), budgetExhausted: () => undefined };
    const report = await replayWith('two-tier', session, { tokenThreshold: 900, trigger: 'preflight', compactStrategy: 'custom', customCompactor: 'msgs => { throw 1 }' }, { callbacks });
    expect(report.stopped).toBeUndefined();
    expect(report.compactions.filter((compaction) => compaction.run.error?.code === 'callback-failed').length).toBeGreaterThan(1);
  });
});

describe('replaySession: a compaction that wiped the history says so (issue 25)', () => {
  it('flags history-wiped with the engine’s words and never leaves it reading as a plain success', async () => {
    // Forty turns of 300 tokens under a 10,000 window: the gate fires past 9,000, and keeping 150 recent tokens plus a
    // three-word summary leaves 292 of some 9,000 — a few hundred tokens of a long history.
    const report = await replayWith('auto-compactor', sessionOf(plainTurns(40, 200, 1000)), { window: 10_000, reserveTokens: 1000, keepRecentTokens: 150 });
    const [first] = report.compactions;
    expect(first.success).toBe(true);
    expect(first.flags.map((flag) => flag.kind)).toEqual(['history-wiped']);
    expect(first.outcome).toMatch(/^history wiped: kept \d+ of [\d,]+ tokens$/);
  });
});
