import { describe, expect, it } from 'vitest';
import type { CompactionEvent } from '../../run/events';
import { utf8ByteLength } from '../../tokens/estimate';
import type { Message } from '../../transcript/model';
import { functionRunner, runProfile } from './run-harness.test-support';
import { firstText, textMessage, toolCallMessage, toolResultMessage } from './test-messages.test-support';

const bigOutput = 'z'.repeat(20_000);

/** The repro: a tool result of 20,000 bytes between a user `go` and an assistant `done`. */
function oversizedToolTurn(): Message[] {
  return [textMessage('user', 'go'), toolCallMessage(['n1']), toolResultMessage('n1', bigOutput), textMessage('assistant', 'done')];
}

function gateOf(events: CompactionEvent[]) {
  const gate = events.find((event) => event.type === 'gate');
  if (gate?.type !== 'gate') throw new Error('no gate event');
  return gate;
}

function resultContent(message: Message): string {
  const block = message.blocks.find((candidate) => candidate.kind === 'tool_result');
  return block?.kind === 'tool_result' ? block.content : '';
}

describe('two-tier profile: manual mode and policy none as harn runs them', () => {
  it('H19: manual compaction never microcompacts (stdlib/transcript_compact.rs 46–88; llm/agent/tool_dispatch.rs 1289–1310)', async () => {
    const messages = oversizedToolTurn();
    const { result, events } = await runProfile(messages, { trigger: 'manual', keepLast: 12 });
    expect(result.messages).toEqual(messages);
    expect(resultContent(result.messages[2])).toBe(bigOutput);
    expect(result.tokensBefore).toBe(5001);
    expect(gateOf(events)).toMatchObject({ tokens: 5001, shouldCompact: true });
    expect(gateOf(events).reason).toContain('toolOutputMaxChars 16000 (1 tool output over it left whole: no microcompaction)');
    expect(result.passes[0].flags).toContain('no-work');
    expect(Object.values(result.passes[0].fates).every((fate) => fate.kind === 'kept')).toBe(true);
  });

  it('H20: the unmicrocompacted estimate decides a manual target; an automatic trigger microcompacts first (transcript_compact.rs: `estimate_message_tokens(&messages) <= target_tokens` on the untouched messages; tool_dispatch.rs 1289–1310)', async () => {
    const manual = await runProfile(oversizedToolTurn(), { trigger: 'manual', keepLast: 1, targetTokens: 4500 });
    expect(gateOf(manual.events)).toMatchObject({ tokens: 5001, shouldCompact: true });
    expect(manual.result.messages).toHaveLength(2);
    expect(manual.result.passes[0].summary).toContain(`[tool] ${bigOutput}`);

    const automatic = await runProfile(oversizedToolTurn(), { trigger: 'daemon', tokenThreshold: 4500, keepLast: 1 });
    expect(gateOf(automatic.events)).toMatchObject({ tokens: 4010, shouldCompact: false });
    expect(automatic.result.passes[0].strategy).toBe('microcompact');
    expect(utf8ByteLength(resultContent(automatic.result.messages[2]))).toBe(16_037);
  });

  it('H21: manual compaction keeps no first messages: the summary goes to index 0 (transcript_compact.rs 47–53, keep_first left at its default 0)', async () => {
    const messages = Array.from({ length: 10 }, (_, index) => textMessage(index % 2 === 0 ? 'user' : 'assistant', `message ${index}`));
    const { result, events } = await runProfile(messages, { trigger: 'manual', keepFirst: 2, keepLast: 2 });
    expect(result.messages).toHaveLength(3);
    expect(result.messages[0].origin).toBe('summary');
    expect(firstText(result.messages[0]).split('\n')[0]).toBe('[auto-compacted 8 older messages via observation masking]');
    expect(result.messages.slice(1)).toEqual(messages.slice(8));
    const notice = 'keepFirst 2 (no first messages are kept; the summary goes first)';
    expect(gateOf(events).reason).toContain(notice);
    expect(result.passes[0].notices?.[0]).toContain(notice);
  });

  it('H22: manual compaction never calls the mask callback (transcript_compact.rs 47–53, mask_callback left at None)', async () => {
    const messages = [textMessage('user', 'y\n'.repeat(400)), textMessage('assistant', 'ok'), textMessage('user', 'last')];
    const runner = functionRunner({ mask: () => ['MASKED BY CALLBACK'] });
    const { result, events } = await runProfile(messages, { trigger: 'manual', keepLast: 1, maskCallback: 'messages => …' }, { callbacks: runner, hasUserConsent: true });
    expect(runner.calls).toEqual([]);
    expect(firstText(result.messages[0]).split('\n')[1]).toBe('[user] y... [400 lines, 800 chars masked]');
    expect(gateOf(events).reason).toContain('maskCallback (never called)');
  });

  it('H23: policy none changes nothing, microcompaction included (llm/compaction.rs 69–71 gives no config; tool_dispatch.rs 1289–1310 then skips)', async () => {
    const messages = oversizedToolTurn();
    const runner = functionRunner({ compress: () => 'SHORT' });
    const config = { trigger: 'post-turn', tokenThreshold: 0, policyStrategy: 'none', toolOutputMaxChars: 1000, compressCallback: 'r => "SHORT"' };
    const { result, events } = await runProfile(messages, config, { callbacks: runner, hasUserConsent: true });
    expect(result.messages).toEqual(messages);
    expect(result.passes).toHaveLength(0);
    expect(runner.calls).toEqual([]);
    expect(gateOf(events)).toMatchObject({ shouldCompact: false, tokens: 5001 });
    expect(gateOf(events).reason).toContain('policy none: compaction disabled, microcompaction included');
  });

  it('H27: (deviation) multibyte text across byte 120 of a masked first line is cut cleanly, where harn panics (orchestration/compaction.rs 490)', async () => {
    const firstLine = `${'a'.repeat(119)}é and more text after the boundary`;
    const dump = [firstLine, ...Array.from({ length: 20 }, (_, index) => `line ${index} of a long listing with padding`)].join('\n');
    const messages = [textMessage('user', dump), textMessage('assistant', 'ok'), textMessage('user', 'next')];
    const { result } = await runProfile(messages, { trigger: 'manual', keepLast: 1 });
    expect(result.success).toBe(true);
    // Harn slices `&first_line[..120]`, which is inside 'é' (bytes 119–120) and panics; we cut before the character.
    expect(firstText(result.messages[0]).split('\n')[1]).toBe(`[user] ${'a'.repeat(119)}... [21 lines, ${utf8ByteLength(dump)} chars masked]`);
  });
});
