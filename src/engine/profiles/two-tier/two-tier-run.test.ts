import { describe, expect, it } from 'vitest';
import { FakeClock } from '../../run/fake-clock.test-support';
import { scriptedSummarizer } from '../../run/scripted-summarizer.test-support';
import { microcompactToolOutput } from '../../strategies/microcompact';
import { renderSummarizePrompt } from '../../strategies/llm-summary';
import { utf8QuarterTokens } from '../../tokens/estimate';
import type { Message } from '../../transcript/model';
import { functionRunner, runProfile } from './run-harness.test-support';
import { firstText, textMessage, toolCallMessage, toolResultMessage } from './test-messages.test-support';

const conversation = (): Message[] => [
  textMessage('user', 'first request with some words'),
  textMessage('assistant', 'first answer with some words'),
  textMessage('user', 'second request'),
  textMessage('assistant', 'second answer'),
  textMessage('user', 'latest'),
];

describe('two-tier profile: Harn extras of §4.4', () => {
  it('tier 2 fires only when the estimate is > hard limit, and sees only the tier-1 summary', async () => {
    const base = { trigger: 'daemon', tokenThreshold: 0, compactStrategy: 'truncate', hardLimitStrategy: 'llm', keepLast: 1 };
    const plain = await runProfile(conversation(), base);
    const tier1 = plain.result.passes[0].summary ?? '';
    const estimate = utf8QuarterTokens([tier1, 'latest']);

    const clock = new FakeClock();
    const atLimit = scriptedSummarizer([{ text: 'never' }], clock);
    const equal = await runProfile(conversation(), { ...base, hardLimitTokens: estimate }, { summarizer: atLimit, clock });
    expect(atLimit.requests).toHaveLength(0);
    expect(equal.events.some((event) => event.type === 'fallback')).toBe(false);
    expect(equal.result.passes[0].summary).toBe(tier1);

    const summarizer = scriptedSummarizer([{ text: 'tier two' }], clock);
    const over = await runProfile(conversation(), { ...base, hardLimitTokens: estimate - 1 }, { summarizer, clock });
    expect(summarizer.requests).toHaveLength(1);
    expect(summarizer.requests[0].prompt).toBe(renderSummarizePrompt(undefined, `USER: ${tier1}`, 4));
    expect(over.result.passes[0].summary).toBe('[auto-compacted 4 older messages]\ntier two');
    expect(over.result.passes[0].fallback).toBe('llm-summary');
    const types = over.events.map((event) => event.type);
    expect(types).toEqual(['run-start', 'gate', 'pass-start', 'fallback', 'attempt-start', 'attempt-end', 'pass-end', 'run-end']);
  });

  it('LLM empty answer → the fallback header text', async () => {
    const clock = new FakeClock();
    const summarizer = scriptedSummarizer([{ text: '   ' }], clock);
    const { result } = await runProfile(conversation(), { trigger: 'manual', compactStrategy: 'llm', keepLast: 1 }, { summarizer, clock });
    expect(result.passes[0].summary).toBe(
      '[auto-compact fallback: LLM summarizer returned empty; 4 older messages abbreviated to ~500 chars each]\n[user] first request with some words\n[assistant] first answer with some words\n[user] second request\n[assistant] second answer',
    );
    expect(result.passes[0].fallback).toBe('truncate');
    expect(result.summarizerCalls).toBe(1);
  });

  it('an LLM error propagates: the pass fails, the run reports it, nothing is summarized', async () => {
    const clock = new FakeClock();
    const summarizer = scriptedSummarizer([{ error: 'HTTP 503' }], clock);
    const messages = conversation();
    const { result, events } = await runProfile(messages, { trigger: 'manual', compactStrategy: 'llm', keepLast: 1 }, { summarizer, clock });
    expect(result.success).toBe(false);
    expect(result.error?.code).toBe('summarizer-failed');
    expect(result.error?.message).toContain('HTTP 503');
    expect(result.passes[0].ok).toBe(false);
    expect(summarizer.requests).toHaveLength(1);
    expect(events.some((event) => event.type === 'run-error')).toBe(true);
    expect(result.messages).toEqual(messages);
    expect(Object.values(result.passes[0].fates).every((fate) => fate.kind === 'kept')).toBe(true);
  });

  it('custom result shapes through the run: dict, string, nil, other', async () => {
    const shapes: [unknown, string][] = [
      [{ summary: 'from dict' }, '[auto-compacted 4 older messages]\nfrom dict'],
      ['from string', '[auto-compacted 4 older messages]\nfrom string'],
      [null, '[auto-compacted 4 older messages via truncate strategy]'],
      [{ other: true }, '[auto-compacted 4 older messages]\n{\n  "other": true\n}'],
    ];
    for (const [value, expected] of shapes) {
      const runner = functionRunner({ custom: () => value });
      const { result } = await runProfile(conversation(), { trigger: 'daemon', tokenThreshold: 0, compactStrategy: 'custom', customCompactor: 'msgs => x', keepLast: 1 }, { callbacks: runner, hasUserConsent: true });
      expect(result.passes[0].summary?.startsWith(expected)).toBe(true);
    }
  });

  it("compress callback returning '' → microcompact; a string replaces; a failure falls back", async () => {
    const output = Array.from({ length: 300 }, (_, index) => `row ${index} of output`).join('\n');
    const messages = [textMessage('user', 'run it'), toolCallMessage(['c1']), toolResultMessage('c1', output), textMessage('assistant', 'done')];
    const config = { trigger: 'post-turn', tokenThreshold: 1_000_000, toolOutputMaxChars: 1000, compressCallback: 'r => ""' };
    const contentOf = (message: Message) => (message.blocks[0].kind === 'tool_result' ? message.blocks[0].content : '');

    const empty = await runProfile(messages, config, { callbacks: functionRunner({ compress: () => '' }), hasUserConsent: true });
    expect(contentOf(empty.result.messages[2])).toBe(microcompactToolOutput(output, 1000));
    expect(empty.result.passes[0].strategy).toBe('microcompact');
    expect(empty.result.passes[0].fates[messages[2].id]).toEqual({ kind: 'microcompacted', charsBefore: output.length, charsAfter: contentOf(empty.result.messages[2]).length });

    let request: unknown;
    const replaced = await runProfile(messages, config, { callbacks: functionRunner({ compress: (given) => ((request = given), 'SHORT') }), hasUserConsent: true });
    expect(contentOf(replaced.result.messages[2])).toBe('SHORT');
    expect(request).toEqual({ tool_name: 'read_file', output, max_chars: 1000 });

    const failing = await runProfile(messages, config, { callbacks: functionRunner({ compress: () => { throw new Error('boom'); } }), hasUserConsent: true });
    expect(contentOf(failing.result.messages[2])).toBe(microcompactToolOutput(output, 1000));
    expect(messages[2].blocks[0].kind === 'tool_result' && messages[2].blocks[0].content).toBe(output);
  });

  it('preflight ≥ versus post-turn >', async () => {
    const messages = [textMessage('user', 'a'.repeat(40)), textMessage('assistant', 'b'.repeat(40)), textMessage('user', 'c'.repeat(20))];
    const system = textMessage('system', 's'.repeat(40));
    const tokens = 25 + 10;
    const preflight = await runProfile(messages, { trigger: 'preflight', tokenThreshold: tokens, keepLast: 1 }, { system });
    const postTurn = await runProfile(messages, { trigger: 'post-turn', tokenThreshold: tokens, keepLast: 1 }, { system });
    const gateOf = (events: typeof preflight.events) => events.find((event) => event.type === 'gate');
    expect(gateOf(preflight.events)).toMatchObject({ shouldCompact: true, tokens });
    expect(gateOf(postTurn.events)).toMatchObject({ shouldCompact: false, tokens });
    expect(preflight.result.passes).toHaveLength(1);
    expect(postTurn.result.passes).toHaveLength(0);
    const postTurnBelow = await runProfile(messages, { trigger: 'post-turn', tokenThreshold: tokens - 1, keepLast: 1 }, { system });
    expect(postTurnBelow.result.passes).toHaveLength(1);
    const daemon = await runProfile(messages, { trigger: 'daemon', tokenThreshold: 26, keepLast: 1 }, { system });
    expect(gateOf(daemon.events)).toMatchObject({ shouldCompact: false, tokens: 25 });
  });

  it('callbacks without consent never run: the run fails with callbacks-need-consent', async () => {
    const runner = functionRunner({ mask: () => ['x'] });
    const { result, events } = await runProfile(conversation(), { trigger: 'manual', keepLast: 1, maskCallback: 'm => m' }, { callbacks: runner, hasUserConsent: false });
    expect(result.success).toBe(false);
    expect(result.error?.code).toBe('callbacks-need-consent');
    expect(result.error?.message).toContain('maskCallback');
    expect(runner.calls).toEqual([]);
    expect(result.passes).toHaveLength(0);
    expect(events.map((event) => event.type)).toEqual(['run-start', 'run-error', 'run-end']);
  });

  it('a user abort during the LLM call stops at once and reports cancelled', async () => {
    const clock = new FakeClock();
    const summarizer = scriptedSummarizer([{ hangMs: 1_000_000, text: 'late' }], clock);
    const controller = new AbortController();
    const running = runProfile(conversation(), { trigger: 'manual', compactStrategy: 'llm', keepLast: 1 }, { summarizer, clock, signal: controller.signal });
    // Abort while the summarizer hangs: as soon as it has the request, before the fake clock's next macrotask.
    for (let tick = 0; tick < 100 && summarizer.requests.length === 0; tick++) await Promise.resolve();
    expect(summarizer.requests).toHaveLength(1);
    controller.abort();
    const { result } = await running;
    expect(result.cancelled).toBe(true);
    expect(result.success).toBe(false);
    expect(result.passes).toHaveLength(0);
    expect(result.messages.map((message) => firstText(message))).toEqual(conversation().map((message) => firstText(message)));
  });

  it('policy none disables compaction and manual custom is refused', async () => {
    const none = await runProfile(conversation(), { trigger: 'daemon', tokenThreshold: 0, policyStrategy: 'none' });
    expect(none.result.passes).toHaveLength(0);
    const manualCustom = await runProfile(conversation(), { trigger: 'manual', compactStrategy: 'custom', customCompactor: 'x' }, { hasUserConsent: true, callbacks: functionRunner({}) });
    expect(manualCustom.result.error?.code).toBe('invalid-config');
  });

  it('the counter estimator is an option beside the seed estimate', async () => {
    const messages = [textMessage('user', 'é'.repeat(10)), textMessage('assistant', 'ab')];
    const seed = await runProfile(messages, { trigger: 'daemon', tokenThreshold: 1_000 });
    const counted = await runProfile(messages, { trigger: 'daemon', tokenThreshold: 1_000, tokenEstimator: 'counter' });
    // Seed: floor((20 + 2 bytes) / 4) = 5. Counter (ceil(chars / 4) per message): 3 + 1 = 4.
    expect(seed.result.tokensBefore).toBe(5);
    expect(counted.result.tokensBefore).toBe(4);
  });
});
