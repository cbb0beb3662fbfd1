import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { fixturesDirectory } from '../engine/formats/fixture-files.test-support';
import { parseArguments, UsageError } from './arguments';
import { cli } from './cli.test-support';
import { checkCommandLine } from './command-grammar';
import { replayCommand } from './replay-command';

// Issue 18 item 6: `replay` over a real session, its JSON shape, and how it refuses what it cannot use.

const session = path.join(fixturesDirectory, 'claude-code__fa812bfe-b295-4cca-9c2f-fdf01028cb46.jsonl');
const folder = mkdtempSync(path.join(tmpdir(), 'compaction-lab-replay-'));

/** Runs `replay` in-process (a child process would pay tsx's start-up on every call), held to its grammar first. */
async function replay(...args: string[]) {
  const line = parseArguments(['replay', ...args]);
  checkCommandLine(line);
  return replayCommand(line);
}

const sum = (values: readonly number[]): number => values.reduce((total, value) => total + value, 0);

describe('compaction-lab replay', () => {
  it('prints what the agent and the policy cost with caching (issue 28): the check against the agent’s own bill, the policy’s bill by kind, the prices’ date and the assumptions', async () => {
    const output = await replay(session, '--profile', 'auto-compactor', '--window', '60000', '--json');
    const { cost } = JSON.parse(output.stdout ?? '');
    expect(Object.keys(cost)).toEqual(['agent', 'policy', 'pricesAsOf', 'pricesSource', 'assumptions']);
    expect(Object.keys(cost.agent).slice(0, 3)).toEqual(['loggedUsd', 'simulatedUsd', 'ratio']);
    expect(cost.agent.ratio).toBeCloseTo(cost.agent.simulatedUsd / cost.agent.loggedUsd, 10);
    // The session's 157 main-conversation calls logged usage; the model comes within 10% of their logged input side.
    expect(cost.agent).toMatchObject({ calls: 157, lifetime: '5m', unknownModels: [] });
    expect(Math.abs(cost.agent.ratio - 1)).toBeLessThan(0.1);
    expect(Object.keys(cost.policy).slice(0, 5)).toEqual(['totalUsd', 'agentCallsUsd', 'summarizerUsd', 'cacheWriteUsd', 'cacheReadUsd']);
    const { policy } = cost;
    // The offline summarizer is free; the agent's calls are the whole bill, and their kinds add up to it.
    expect(policy.summarizerUsd).toBe(0);
    expect(policy.totalUsd).toBeCloseTo(policy.agentCallsUsd, 10);
    expect(policy.cacheWriteUsd + policy.cacheReadUsd + policy.inputUsd + policy.outputUsd).toBeCloseTo(policy.agentCallsUsd, 10);
    expect(policy.calls).toBe(157);
    expect(cost.pricesAsOf).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    expect(cost.pricesSource).toMatch(/genai-prices/);
    expect(cost.assumptions.join(' ')).toMatch(/5-minute cache lifetime/);
    expect(cost.assumptions.join(' ')).toMatch(/breakpoints/);
    // The text names the prices' date and source beside the figures, and each assumption.
    const text = (await replay(session, '--profile', 'auto-compactor', '--window', '60000')).stdout ?? '';
    expect(text).toContain(`cost (prices: ${cost.pricesSource}, as of ${cost.pricesAsOf}`);
    expect(text).toMatch(/the agent's own 157 calls \(main conversation\), input side: logged \$\d+\.\d\d, cache model \$\d+\.\d\d \(model ÷ log 0\.9\d\d\)/);
    for (const assumption of cost.assumptions) expect(text).toContain(assumption);
  });

  it('prints the issue’s JSON on a real session: each compaction, the agent’s own one, totals that add up, and the basis', async () => {
    const output = await replay(session, '--profile', 'auto-compactor', '--window', '60000', '--json');
    expect(output.exitCode).toBe(0);
    const json = JSON.parse(output.stdout ?? '');
    expect(Object.keys(json)).toEqual(['profile', 'window', 'trigger', 'checkpoint', 'estimation', 'encoding', 'steps', 'unstoredOverhead', 'triggerTokens', 'peakTokens', 'compactions', 'sourceCompactions', 'totals', 'basis', 'cost']);
    expect(json).toMatchObject({ profile: 'auto-compactor', window: 60_000, trigger: expect.any(Number), checkpoint: 'turn-end', encoding: 'o200k_base' });
    expect(json.trigger).toBeLessThan(60_000);
    // Logged usage anchors the Dart gate only until the replay has compacted differently from the agent.
    expect(json.estimation).toMatch(/logged usage/);
    expect(json.compactions.length).toBeGreaterThanOrEqual(2);
    for (const compaction of json.compactions) {
      expect(Object.keys(compaction)).toEqual(['atMessage', 'tokensBefore', 'tokensAfter', 'exact', 'passes', 'summarizerCalls', 'tokensToSummarizers', 'costUsd', 'success', 'flags', 'retention']);
      expect(compaction.tokensAfter).toBeLessThan(compaction.tokensBefore);
      // Context tokens: the exact count plus the unstored overhead, as the Session tab states them.
      expect([compaction.tokensBefore, compaction.tokensAfter]).toEqual([compaction.exact.before + json.unstoredOverhead, compaction.exact.after + json.unstoredOverhead]);
      expect(compaction.tokensBefore).toBeLessThanOrEqual(json.peakTokens);
      // The offline summarizer costs nothing, and says so with 0 rather than "unpriced".
      expect(compaction.costUsd).toBe(0);
      expect(compaction.retention).toMatchObject({ factsLost: expect.any(Number), factsTotal: expect.any(Number) });
    }
    const positions = json.compactions.map((compaction: { atMessage: number }) => compaction.atMessage);
    expect(positions).toEqual([...positions].sort((first, second) => first - second));
    // The agent's own compaction: Claude Code's compact_boundary before message 289, with the context it logged.
    expect(json.sourceCompactions).toEqual([{ atMessage: 288, kind: 'compact_boundary', loggedTokensBefore: expect.any(Number) }]);
    expect(json.sourceCompactions[0].loggedTokensBefore).toBeGreaterThan(100_000);
    expect(json.totals).toMatchObject({
      compactions: json.compactions.length,
      failedCompactions: 0,
      summarizerCalls: sum(json.compactions.map((compaction: { summarizerCalls: number }) => compaction.summarizerCalls)),
      tokensToSummarizers: sum(json.compactions.map((compaction: { tokensToSummarizers: number }) => compaction.tokensToSummarizers)),
      costUsd: 0,
      peakTokens: json.peakTokens,
      timeOverTriggerMs: expect.any(Number),
    });
    expect(json.totals.shareOverTrigger).toBeCloseTo(json.totals.stepsOverTrigger / json.steps);
    expect(json.totals.gateSaw.shareOverTrigger).toBeCloseTo(json.totals.gateSaw.stepsOverTrigger / json.steps);
    expect(json.basis).toMatch(/context tokens: exact o200k_base counts .*system prompt included, plus 18,187 unstored overhead.*profile's own units/);
  });

  it('prints a table: a row per compaction, the totals, and a line for the agent’s own compaction', async () => {
    const output = await replay(session, '--profile', 'auto-compactor', '--window', '60000');
    expect(output.exitCode).toBe(0);
    const text = output.stdout ?? '';
    expect(text).toMatch(/^replay of .* under auto-compactor \(summarizer: offline-extractive\): 358 messages/);
    expect(text).toMatch(/^1 +\d[\d,]* +[\d,]+ → [\d,]+ +1 /m);
    expect(text).toMatch(/^totals: \d+ compactions, \d+ summarizer calls, [\d,]+ tokens to summarizers, summarizer cost \$0\.00, peak [\d,]+ context tokens; over the [\d,]+-token trigger at [\d,]+ of 357 steps \([\d.]+%\), for .* — gate saw [\d,]+ steps over its trigger/m);
    expect(text).toMatch(/^the agent's own compaction \(compact_boundary\) before message 289: logged context before: [\d,]+ tokens/m);
  });

  it('says a replayed compaction that wiped the history in its flags and its outcome, never "ok" (issue 25)', async () => {
    // A custom compactor that answers every compaction with one word, keeping no message: the history is wiped.
    const config = path.join(folder, 'wipe.json');
    writeFileSync(config, JSON.stringify({ profile: 'two-tier', tokenThreshold: 60_000, keepLast: 0, compactStrategy: 'custom', customCompactor: 'messages => ({ summary: "done" })' }));
    const json = JSON.parse((await replay(session, '--config', config, '--allow-callbacks', '--json')).stdout ?? '');
    const [first] = json.compactions;
    expect(first).toMatchObject({ success: true, outcome: expect.stringMatching(/^history wiped: kept \d+ of [\d,]+ tokens$/) });
    expect(first.flags).toEqual([{ kind: 'history-wiped', kept: first.exact.after, history: first.exact.before, message: expect.stringContaining('the history was wiped, not compacted') }]);
    const text = (await replay(session, '--config', config, '--allow-callbacks')).stdout ?? '';
    expect(text).toMatch(/^1 .* history wiped: kept \d+ of [\d,]+ tokens$/m);
    expect(text).not.toMatch(/ ok$/m);
  }, 60_000);

  it('counts no step against rolling-summary’s trigger, which it compares with the older turns only, and says so (issue 25)', async () => {
    const json = JSON.parse((await replay(session, '--profile', 'rolling-summary', '--json')).stdout ?? '');
    expect(json.triggerComparedWith).toMatch(/^the older turns/);
    expect(json.totals).toMatchObject({ stepsOverTrigger: null, shareOverTrigger: null, stepsOverTriggerNotCounted: expect.stringMatching(/^Steps over the trigger are not counted: the trigger is compared with the older turns/) });
    const text = (await replay(session, '--profile', 'rolling-summary')).stdout ?? '';
    expect(text).toMatch(/^totals: .*; steps over the trigger not counted: the trigger is compared with the older turns.* — gate saw/m);
  }, 60_000);

  it('exits 1 when the config’s callbacks were refused (the replay stops at its first compaction without --allow-callbacks), the report still printed', async () => {
    const config = path.join(folder, 'callbacks.json');
    writeFileSync(config, JSON.stringify({ profile: 'two-tier', tokenThreshold: 1000, compactStrategy: 'custom', customCompactor: 'messages => ({ summary: `${messages.length}` })' }));
    const output = await replay(path.join(fixturesDirectory, 'claude-code__tool_heavy.jsonl'), '--config', config, '--json');
    expect(output.exitCode).toBe(1);
    expect(output.stderr).toMatch(/callbacks\.json: .*\(customCompactor\).* The replay stopped at message \d+; pass --allow-callbacks to run them\.$/);
    expect(JSON.parse(output.stdout ?? '').totals).toMatchObject({ compactions: 1, failedCompactions: 1 });
  });

  it('stops at the first compaction whose callback loops past --callback-budget, exits 1 and names the field and the budget (issue 25 item 8)', async () => {
    const config = path.join(folder, 'loops.json');
    writeFileSync(config, JSON.stringify({ profile: 'two-tier', tokenThreshold: 1000, compactStrategy: 'custom', customCompactor: 'async messages => { await null; for (;;) {} }' }));
    const output = await replay(path.join(fixturesDirectory, 'claude-code__tool_heavy.jsonl'), '--config', config, '--allow-callbacks', '--callback-budget', '0.3', '--json');
    expect(output.exitCode).toBe(1);
    expect(output.stderr).toMatch(/^.*tool_heavy\.jsonl: the replay stopped at message \d+: customCompactor did not finish within the callbacks' 0\.3 s budget \(--callback-budget\), so no further callback runs$/);
    const json = JSON.parse(output.stdout ?? '');
    // One compaction called the callback, and it was the last: the budget was spent once, not at every checkpoint.
    expect(json.totals).toMatchObject({ compactions: 1, failedCompactions: 1 });
    expect(json.stopped).toMatch(/^stopped at message \d+: customCompactor/);
  }, 60_000);

  it('stops too when the looping callback is a compress callback, whose failures fall back without failing the run', async () => {
    const config = path.join(folder, 'compress-loops.json');
    writeFileSync(config, JSON.stringify({ profile: 'two-tier', tokenThreshold: 1000, toolOutputMaxChars: 200, compressCallback: 'request => { for (;;) {} }' }));
    const transcript = path.join(fixturesDirectory, 'claude-code__fa812bfe__subagents__agent-aa84377.jsonl');
    const output = await replay(transcript, '--config', config, '--allow-callbacks', '--callback-budget', '0.3', '--json');
    expect(output.exitCode).toBe(1);
    expect(output.stderr).toMatch(/the replay stopped at message \d+: compressCallback did not finish within the callbacks' 0\.3 s budget/);
    const json = JSON.parse(output.stdout ?? '');
    expect(json.stopped).toMatch(/^stopped at message \d+: compressCallback/);
    // The same replay with a callback that returns at once goes to the end of the session: the looping one stopped early.
    writeFileSync(config, JSON.stringify({ profile: 'two-tier', tokenThreshold: 1000, toolOutputMaxChars: 200, compressCallback: 'request => "short"' }));
    const whole = JSON.parse((await replay(transcript, '--config', config, '--allow-callbacks', '--callback-budget', '30', '--json')).stdout ?? '');
    expect(whole.stopped).toBeUndefined();
    expect(json.steps).toBeLessThan(whole.steps);
  }, 60_000);

  it('says which settings it replayed anyway with --run-anyway, and refuses them without it', async () => {
    const refused = await cli('replay', session, '--profile', 'auto-compactor', '--window', '20000', '--json');
    expect(refused.code).toBe(2);
    expect(refused.stderr).toMatch(/keepRecentTokens/);
    const forced = await replay(session, '--profile', 'auto-compactor', '--window', '20000', '--run-anyway', '--json');
    expect(JSON.parse(forced.stdout ?? '').forcedSettings).toEqual([expect.stringMatching(/^keepRecentTokens 20,000 ≥ the gate's threshold/)]);
  });

  it('takes --config once, as compact does (only eval takes one per policy)', () => {
    expect(() => checkCommandLine(parseArguments(['replay', session, '--config', 'a.json', '--config', 'b.json']))).toThrow(new UsageError('--config is given twice; give it once'));
    expect(() => checkCommandLine(parseArguments(['eval', session, '--config', 'a.json', '--config', 'b.json']))).not.toThrow();
  });

  it('exits 2 with one line naming a missing file', async () => {
    const result = await cli('replay', path.join(folder, 'missing.jsonl'), '--json');
    expect(result.code).toBe(2);
    expect(result.stdout).toBe('');
    expect(result.stderr).toMatch(/^compaction-lab: .*missing\.jsonl: no such file\n$/);
  });

  it('exits 2 with one line naming the config file and its bad field, before anything runs', async () => {
    const config = path.join(folder, 'bad-field.json');
    writeFileSync(config, JSON.stringify({ profile: 'two-tier', tokenThreshold: 'many' }));
    const result = await cli('replay', session, '--config', config, '--json');
    expect(result.code).toBe(2);
    expect(result.stdout).toBe('');
    expect(result.stderr).toMatch(/^compaction-lab: .*bad-field\.json: invalid config: tokenThreshold: [^\n]*\n$/);
  });
});

describe('replay on the one basis (issue 25 item 3)', () => {
  it('states the sample’s compactions in context tokens as the Session tab does, counts steps against the trigger line, the gate’s count beside', async () => {
    const json = JSON.parse((await replay(session, '--profile', 'unified', '--window', '60000', '--json')).stdout ?? '');
    // The page's header fits 18,187 unstored tokens on the sample (stats --json unstoredOverhead); the Session tab adds them.
    expect(json.unstoredOverhead).toBe(18_187);
    // The figure: the app said 57,418 before the first compaction, where the CLI said 39,231 (exact only).
    expect(json.compactions[0]).toMatchObject({ tokensBefore: 57_418, exact: { before: 39_231 } });
    // unified's gate counts in its own estimate, so the line drawn is the config's trigger: window − reserve.
    expect(json.triggerTokens).toBe(43_616);
    expect(json.peakTokens).toBe(json.totals.peakTokens);
    expect(json.totals.stepsOverTrigger).toBeGreaterThan(0);
    expect(json.totals.stepsOverTrigger).not.toBe(json.totals.gateSaw.stepsOverTrigger);
  });

  it('flags a compaction that left the context over the window, in the JSON and the table', async () => {
    // A 45,000 window: what each unified compaction left (56,000 and more with the overhead) is over it.
    const output = await replay(session, '--profile', 'unified', '--window', '45000', '--set', 'reserveTokens=1000', '--json');
    const json = JSON.parse(output.stdout ?? '');
    const over = json.compactions.filter((compaction: { flags: unknown[] }) => compaction.flags.length > 0);
    expect(over.length).toBeGreaterThan(0);
    expect(over[0].flags[0]).toEqual({ kind: 'over-window', window: 45_000, context: over[0].tokensAfter, message: expect.stringContaining('over the 45,000-token window: the next model call would be refused') });
    expect(over[0].outcome).toMatch(/^over the window: the next call would be refused/);
    expect(json.totals.compactionsOverWindow).toBe(over.length);
    const table = (await replay(session, '--profile', 'unified', '--window', '45000', '--set', 'reserveTokens=1000')).stdout ?? '';
    expect(table).toMatch(/over the window: the next call would be refused$/m);
    expect(table).toMatch(/compactions? left the context over the window: the next call would be refused/);
  });
});
