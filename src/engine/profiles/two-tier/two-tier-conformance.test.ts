import { describe, expect, it } from 'vitest';
import { FakeClock } from '../../run/fake-clock.test-support';
import { scriptedSummarizer } from '../../run/scripted-summarizer.test-support';
import type { Message } from '../../transcript/model';
import { functionRunner, runProfile } from './run-harness.test-support';
import { firstText, textMessage, toolCallMessage, toolResultMessage } from './test-messages.test-support';

const dump = ['File created: a.go', ...Array.from({ length: 61 }, (_, index) => `    line ${index}: some generated go source text`)].join('\n');

function h12Messages(): Message[] {
  return [
    textMessage('assistant', "I'll create the file now."),
    textMessage('user', dump),
    textMessage('assistant', "Let me build it."),
    textMessage('user', 'error: cannot find module\nexit code 1\nfailed to compile'),
    textMessage('assistant', "I'll fix the import."),
    textMessage('user', 'File patched successfully.'),
    textMessage('assistant', 'Running tests again.'),
    textMessage('user', 'All tests passed.'),
  ];
}

describe('two-tier profile: seed 3 conformance', () => {
  it('H10: 20 user messages, truncate, keep_last 6 → a summary first, at most 7 messages', async () => {
    const messages = Array.from({ length: 20 }, (_, index) => textMessage('user', `message ${index}`));
    const { result } = await runProfile(messages, { trigger: 'manual', compactStrategy: 'truncate', keepLast: 6 });
    expect(result.messages.length).toBeLessThanOrEqual(7);
    expect(firstText(result.messages[0])).toContain('auto-compacted');
    expect(firstText(result.messages[0]).split('\n')[0]).toBe('[auto-compacted 14 older messages via truncate strategy]');
    expect(result.passes[0].fates[messages[0].id]).toEqual({ kind: 'summarized', summaryId: result.messages[0].id });
  });

  it('H11: 4 messages with keep_last 6 is a no-op', async () => {
    const messages = [textMessage('user', 'a'), textMessage('assistant', 'b'), textMessage('user', 'c'), textMessage('assistant', 'd')];
    const { result } = await runProfile(messages, { trigger: 'manual', keepLast: 6 });
    expect(result.messages).toHaveLength(4);
    expect(result.messages).toEqual(messages);
    expect(result.passes[0].flags).toContain('no-work');
  });

  it('H12: observation mask keeps prose and errors, masks the dump, snaps the split to index 5', async () => {
    const messages = h12Messages();
    const { result } = await runProfile(messages, { trigger: 'manual', keepLast: 2 });
    expect(result.messages).toHaveLength(4);
    const summary = firstText(result.messages[0]);
    for (const line of ["I'll create the file now.", 'Let me build it.', "I'll fix the import."]) expect(summary).toContain(`[assistant] ${line}`);
    for (const text of ['error: cannot find module', 'exit code 1', 'masked]', 'File created: a.go']) expect(summary).toContain(text);
    for (const text of ['File patched successfully.', 'Running tests again.', 'All tests passed.']) expect(summary).not.toContain(text);
    expect(result.messages.slice(1).map((message) => message.id)).toEqual(messages.slice(5).map((message) => message.id));
    expect(result.passes[0].fates[messages[1].id]).toEqual({ kind: 'masked' });
  });

  it('H13: observation mask of two short user messages masks nothing', async () => {
    const messages = [textMessage('user', 'OK'), textMessage('user', 'Done.'), textMessage('user', 'next')];
    const { result } = await runProfile(messages, { trigger: 'manual', keepLast: 1 });
    expect(firstText(result.messages[0])).toBe('[auto-compacted 2 older messages via observation masking]\n[user] OK\n[user] Done.');
  });

  it('H14: the tool turn stays whole after the split', async () => {
    const messages = [
      textMessage('user', 'old task'),
      textMessage('assistant', 'old reply'),
      textMessage('user', 'new task'),
      toolCallMessage(['call_1'], { reasoning: 'thinking' }),
      toolResultMessage('call_1', 'file'),
    ];
    const { result } = await runProfile(messages, { trigger: 'manual', keepLast: 2 });
    expect(result.messages[1].role).toBe('user');
    const callBlock = result.messages[2].blocks.find((block) => block.kind === 'tool_call');
    expect(result.messages[2].role).toBe('assistant');
    expect(callBlock?.kind === 'tool_call' && callBlock.callId).toBe('call_1');
    const resultBlock = result.messages[3].blocks[0];
    expect(result.messages[3].role).toBe('tool');
    expect(resultBlock.kind === 'tool_result' && resultBlock.callId).toBe('call_1');
    expect(result.passes[0].lint).toEqual({ orphanResults: [], unansweredCalls: [], adjacencyBreaks: [] });
  });

  it('H16: manual truncate with target 1, observation mask, and an LLM template prompt', async () => {
    const messages = [textMessage('user', 'one'), textMessage('assistant', 'two'), textMessage('user', 'three'), textMessage('assistant', 'four')];
    const truncate = await runProfile(messages, { trigger: 'manual', compactStrategy: 'truncate', keepLast: 1, targetTokens: 1 });
    expect(firstText(truncate.result.messages[0])).toContain('auto-compacted');
    expect(truncate.result.passes[0].strategy).toBe('truncate');
    expect(Object.keys(truncate.result.passes[0].fates)).toHaveLength(4);
    const unchanged = await runProfile(messages, { trigger: 'manual', compactStrategy: 'truncate', keepLast: 1, targetTokens: 100 });
    expect(unchanged.result.passes).toHaveLength(0);
    expect(unchanged.result.messages).toEqual(messages);

    const long = [textMessage('user', 'x\n'.repeat(400)), textMessage('assistant', 'ok'), textMessage('user', 'go on')];
    const mask = await runProfile(long, { trigger: 'manual', keepLast: 1 });
    expect(firstText(mask.result.messages[0])).toContain('masked');

    const clock = new FakeClock();
    const summarizer = scriptedSummarizer([{ text: 'LLM compact summary' }], clock);
    const template = 'Custom compaction template asset\nArchived count: {{archived_count}}\n{{formatted_messages}}';
    const llm = await runProfile(messages, { trigger: 'manual', compactStrategy: 'llm', keepLast: 2, summarizePrompt: template }, { summarizer, clock });
    expect(summarizer.requests[0].prompt).toBe('Custom compaction template asset\nArchived count: 2\nUSER: one\nASSISTANT: two');
    expect(summarizer.requests[0].system).toBe('');
    expect(firstText(llm.result.messages[0])).toBe('[auto-compacted 2 older messages]\nLLM compact summary');
    const passEnds = [truncate, mask, llm].flatMap((run) => run.events.filter((event) => event.type === 'pass-end'));
    expect(passEnds).toHaveLength(3);
  });

  it('H17: hybrid with threshold 1 keeps compacting in an agent loop; label hybrid, engine llm', async () => {
    const clock = new FakeClock();
    const summarizer = scriptedSummarizer([{ text: 'rolling summary' }], clock);
    let conversation: Message[] = [];
    let compactions = 0;
    for (let iteration = 0; iteration < 100; iteration++) {
      conversation = [...conversation, textMessage('user', `step ${iteration}`), textMessage('assistant', `did ${iteration}`)];
      const { result, events } = await runProfile(conversation, { trigger: 'post-turn', tokenThreshold: 1, policyStrategy: 'hybrid', keepLast: 10 }, { summarizer, clock });
      const gate = events.find((event) => event.type === 'gate');
      expect(gate?.type === 'gate' && gate.reason).toContain('policy hybrid');
      if (result.passes.length > 0 && result.passes[0].insertions.length > 0) {
        compactions += 1;
        expect(result.passes[0].strategy).toBe('llm-summary');
      }
      conversation = result.messages;
    }
    expect(compactions).toBeGreaterThan(0);
    expect(conversation.length).toBeLessThanOrEqual(12);
  });

  it('H18: a daemon with threshold 1 and keep_last 1 summarizes; a resumed session starts with the summary', async () => {
    const messages = [textMessage('user', 'stale first request'), textMessage('assistant', 'reply'), textMessage('user', 'latest')];
    const first = await runProfile(messages, { trigger: 'daemon', tokenThreshold: 1, keepLast: 1 });
    expect(first.result.passes[0].summary).toContain('[auto-compacted');
    const resumed = [...first.result.messages, textMessage('assistant', 'more'), textMessage('user', 'again')];
    const second = await runProfile(resumed, { trigger: 'daemon', tokenThreshold: 1, keepLast: 1 });
    expect(second.result.messages[0].role).toBe('user');
    expect(firstText(second.result.messages[0])).toContain('[auto-compacted');
    expect(second.result.messages.some((message) => message.id === messages[0].id)).toBe(false);
  });

  it('naive-fallback quirk through the run: the split separates a call from its result and the lint says so', async () => {
    const messages = [textMessage('user', 'task'), toolCallMessage(['c1']), toolResultMessage('c1', 'out 1'), toolCallMessage(['c2']), toolResultMessage('c2', 'out 2')];
    const { result } = await runProfile(messages, { trigger: 'manual', keepLast: 1 });
    expect(result.messages.map((message) => message.id)).toEqual([result.passes[0].insertions[0].id, messages[4].id]);
    expect(result.passes[0].lint.orphanResults).toEqual(['c2']);
  });

  it('a mask callback runs through the runner with consent (automatic triggers only)', async () => {
    const messages = [textMessage('user', 'y\n'.repeat(400)), textMessage('user', 'z\n'.repeat(400)), textMessage('user', 'last')];
    const runner = functionRunner({ mask: () => ['MASKED BY CALLBACK'] });
    const { result } = await runProfile(messages, { trigger: 'daemon', tokenThreshold: 0, keepLast: 1, maskCallback: 'messages => ...' }, { callbacks: runner, hasUserConsent: true });
    const lines = firstText(result.messages[0]).split('\n');
    expect(lines[1]).toBe('MASKED BY CALLBACK');
    expect(lines[2]).toContain('[user] z... [400 lines, 800 chars masked]');
    expect(runner.calls).toEqual(['mask:messages => ...']);
  });
});
