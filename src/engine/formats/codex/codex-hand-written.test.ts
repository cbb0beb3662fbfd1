import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { pairToolCalls } from '../../transcript/tool-pairs';
import { claudeCodeImporter } from '../claude-code/claude-code';
import { codexImporter } from './codex';
import { readCodexOutput } from './codex-items';
import { parseDocument } from '../parse-document';

const handWritten = fileURLToPath(new URL('../../../../e2e/fixtures/transcripts/hand-written/', import.meta.url));

function load(name: string) {
  const parsed = parseDocument(readFileSync(handWritten + name, 'utf8'));
  const output = codexImporter.read(parsed, { fileName: name });
  return { parsed, output, transcript: output.transcripts[0] };
}

function summary(name: string): string[] {
  return load(name).transcript.messages.map((message) => `${message.id}:${message.role}/${message.origin}`);
}

describe('codexImporter: a rollout with compacted + replacement_history', () => {
  const { parsed, output, transcript } = load('codex-compacted.jsonl');

  it('skips the truncated line 22 and reports the unknown response item', () => {
    expect(parsed.kind === 'jsonl' && parsed.badLines.map((issue) => issue.line)).toEqual([22]);
    expect(codexImporter.detect(parsed)).toBe(true);
    expect(claudeCodeImporter.detect(parsed)).toBe(false);
    expect(output.warnings).toEqual([{ message: expect.stringContaining('"ghost_snapshot"'), line: 17 }]);
  });

  it('groups each model call into one assistant message and tags boilerplate as injected', () => {
    expect(summary('codex-compacted.jsonl')).toEqual([
      'codex-2:user/injected',
      'codex-3:user/injected',
      'codex-4:user/injected',
      'codex-6:user/human',
      'codex-9:assistant/model',
      'codex-15:tool/tool',
      'codex-16:tool/tool',
      'codex-18:assistant/model',
      'codex-21:tool/tool',
      'codex-23:assistant/model',
      'codex-28:user/summary',
      'codex-31:user/human',
      'codex-33:assistant/model',
      'codex-36:tool/tool',
      'codex-37:assistant/model',
    ]);
    expect(transcript.messages[4].blocks.map((block) => block.kind)).toEqual(['thinking', 'text', 'tool_call', 'tool_call']);
  });

  it('links outputs by call_id even in reverse order, keeps apply_patch input verbatim, answers every call', () => {
    const pairs = pairToolCalls(transcript.messages);
    expect(pairs.answeredCallIds).toEqual(['call_Ab12Read', 'call_Cd34Test', 'call_Ef56Patch', 'call_Gh78Test']);
    expect(pairs.unansweredCalls).toEqual([]);
    expect(pairs.resultIndexesById.get('call_Ab12Read')).toEqual([6]);
    expect(transcript.messages[5].blocks[0]).toMatchObject({ callId: 'call_Cd34Test', isError: true });
    const patch = transcript.messages[7].blocks[1];
    expect(patch).toMatchObject({ kind: 'tool_call', name: 'apply_patch', argsRaw: expect.stringMatching(/^\*\*\* Begin Patch\n/) });
    expect(patch.kind === 'tool_call' && patch.args).toBe(patch.kind === 'tool_call' && patch.argsRaw);
  });

  it('keeps a web search as assistant text, not as a call that would stay unanswered', () => {
    expect(transcript.messages[9].blocks[0]).toEqual({ kind: 'text', text: '[web search: RFC 4180 trailing newline last record]' });
  });

  it('turns the compacted record into a marker with a summary message and the replacement history length', () => {
    expect(transcript.markers).toEqual([{
      atIndex: 10,
      kind: 'compacted',
      summaryText: expect.stringMatching(/^The user asked to fix the CSV export/),
      summaryMessageId: 'codex-28',
      replacementItemCount: 3,
      isOpaque: undefined,
    }]);
  });

  it('counts a repeated token_count once and reads the last one as logged usage', () => {
    expect(transcript.messages.filter((message) => message.usage).map((message) => message.usage?.inputTokens)).toEqual([9120, 10850, 11410, 3920, 4210]);
    expect(transcript.meta.loggedUsage).toMatchObject({
      lastContextTokens: 4210, contextWindow: 272000, totalInputTokens: 9120 + 10850 + 11410 + 3920 + 4210, totalOutputTokens: 214 + 301 + 88 + 160 + 41,
    });
    expect(transcript.messages[12].blocks[0]).toEqual({ kind: 'thinking', text: '', isRedacted: true });
  });
});

describe('codexImporter: a legacy pre-envelope rollout', () => {
  const { parsed, output, transcript } = load('codex-legacy.jsonl');

  it('is detected from its bare header and read like the envelope format', () => {
    expect(codexImporter.detect(parsed)).toBe(true);
    expect(output.warnings).toEqual([]);
    expect(transcript.id).toBe('5973b6c0-94b8-487b-a530-2aeb6098ae0e');
    expect(transcript.system?.blocks).toEqual([{ kind: 'text', text: "Follow the repository's CONTRIBUTING.md. Keep commits small." }]);
    expect(summary('codex-legacy.jsonl')).toEqual([
      'codex-3:user/injected',
      'codex-4:user/injected',
      'codex-5:user/human',
      'rs_68a4:assistant/model',
      'codex-9:tool/tool',
      'fc_68a4b:assistant/model',
      'codex-11:tool/tool',
      'lsc_68a4:assistant/model',
      'codex-13:tool/tool',
      'rs_68a5:assistant/model',
    ]);
  });

  it('pairs shell, local_shell and outputs, flagging the non-zero exit code as an error', () => {
    const pairs = pairToolCalls(transcript.messages);
    expect(pairs.answeredCallIds).toEqual(['call_L1rg', 'call_L2run', 'call_L3cat']);
    expect(transcript.messages[6].blocks[0]).toMatchObject({ kind: 'tool_result', isError: true });
    expect(transcript.messages[3].blocks[0]).toEqual({ kind: 'thinking', text: '', isRedacted: true });
  });
});

describe('codexImporter: the codex exec --json stream', () => {
  const { parsed, output, transcript } = load('codex-exec-stream.jsonl');

  it('pairs command, file-change and MCP items with their outputs by item id', () => {
    expect(codexImporter.detect(parsed)).toBe(true);
    expect(summary('codex-exec-stream.jsonl')).toEqual([
      'item_0:assistant/model', 'item_1-output:tool/tool', 'item_2:assistant/model', 'item_2-output:tool/tool',
      'item_3:assistant/model', 'item_3-output:tool/tool', 'item_4:assistant/model', 'item_4-output:tool/tool', 'item_5:assistant/model',
    ]);
    const pairs = pairToolCalls(transcript.messages);
    expect(pairs.answeredCallIds).toEqual(['item_1', 'item_2', 'item_3', 'item_4']);
    expect(transcript.messages[1].blocks[0]).toMatchObject({ isError: true, content: expect.stringContaining('no-unused-vars') });
    expect(transcript.messages[4].blocks[0]).toMatchObject({ name: 'github.get_issue' });
  });

  it('sums turn usage and says the prompt is missing', () => {
    expect(transcript.meta.loggedUsage).toMatchObject({ totalInputTokens: 24763, totalOutputTokens: 422 });
    expect(transcript.meta.loggedUsage?.lastContextTokens).toBeUndefined();
    expect(output.warnings.map((warning) => warning.message)).toEqual([expect.stringContaining('does not record the prompt')]);
  });
});

describe('readCodexOutput', () => {
  it('reads the error flag from each output shape Codex has written', () => {
    expect(readCodexOutput('Exit code: 2\nWall time: 0.1 seconds\nOutput:\n')).toMatchObject({ isError: true });
    expect(readCodexOutput('Process exited with code 0\nOutput:\nok')).toMatchObject({ isError: false });
    expect(readCodexOutput('{"output":"boom","metadata":{"exit_code":127}}')).toMatchObject({ isError: true });
    expect(readCodexOutput({ content: 'denied', success: false })).toEqual({ content: 'denied', isError: true });
    expect(readCodexOutput([{ type: 'input_text', text: 'a' }, { type: 'input_image', image_url: 'data:image/png;base64,AAAA' }]))
      .toEqual({ content: 'a\n[image]', isError: false });
  });

  it('never throws on hostile rollout lines', () => {
    const lines = [{ id: 'h', timestamp: 't' }, { record_type: 'state' }, { type: 'response_item', payload: { type: 'function_call', arguments: '{bad' } },
      { type: 'compacted', payload: {} }, { type: 'event_msg', payload: { type: 'token_count', info: { last_token_usage: 'x' } } }];
    const output = codexImporter.read({ kind: 'jsonl', records: lines.map((value, index) => ({ line: index + 1, value })), badLines: [], totalLines: 5, text: '' }, {});
    const transcript = output.transcripts[0];
    expect(transcript.messages[0].blocks[0]).toEqual({ kind: 'tool_call', callId: '', name: 'unknown', args: '{bad', argsRaw: '{bad' });
    expect(transcript.markers).toEqual([{ atIndex: 1, kind: 'compacted', summaryText: undefined, replacementItemCount: undefined, isOpaque: true }]);
  });
});

describe('codexImporter: compacted records without a message', () => {
  function markers(replacement: unknown[]) {
    const records = [
      { type: 'session_meta', payload: { id: 's' } },
      { type: 'compacted', payload: { message: '', replacement_history: replacement } },
    ];
    const parsed = { kind: 'jsonl' as const, records: records.map((value, index) => ({ line: index + 1, value })), badLines: [], totalLines: 2, text: '' };
    return codexImporter.read(parsed, {}).transcripts[0];
  }
  const user = (text: string) => ({ type: 'message', role: 'user', content: [{ type: 'input_text', text }] });

  it('takes the summary from the last user message of a locally rebuilt history', () => {
    const transcript = markers([user('fix the export'), user('Summary: the loop bound was off by one.')]);
    expect(transcript.markers[0]).toMatchObject({ summaryText: 'Summary: the loop bound was off by one.', replacementItemCount: 2, summaryMessageId: 'codex-2' });
    expect(transcript.messages.map((message) => message.origin)).toEqual(['summary']);
  });

  it('marks a remote compaction with only an encrypted item as opaque, with no summary message', () => {
    const transcript = markers([user('fix the export'), { type: 'compaction', encrypted_content: 'gAAAA…' }]);
    expect(transcript.markers[0]).toMatchObject({ isOpaque: true, replacementItemCount: 2, summaryText: undefined });
    expect(transcript.messages).toEqual([]);
  });
});

describe('codexImporter: stop reasons from turn_aborted and error events', () => {
  const say = (text: string) => ({ type: 'response_item', payload: { type: 'message', role: 'assistant', content: [{ type: 'output_text', text }] } });
  const ask = (text: string) => ({ type: 'response_item', payload: { type: 'message', role: 'user', content: [{ type: 'input_text', text }] } });
  const tokens = (input: number) => ({ type: 'event_msg', payload: { type: 'token_count', info: { total_token_usage: { input_tokens: input }, last_token_usage: { input_tokens: input, output_tokens: 5 } } } });
  const event = (type: string) => ({ type: 'event_msg', payload: { type, reason: 'interrupted', message: 'stream disconnected' } });
  function read(records: unknown[]) {
    const parsed = { kind: 'jsonl' as const, records: [{ type: 'session_meta', payload: { id: 's' } }, ...records].map((value, index) => ({ line: index + 1, value })), badLines: [], totalLines: records.length + 1, text: '' };
    return codexImporter.read(parsed, {}).transcripts[0].messages;
  }

  it('marks the output of the call that never reported usage as aborted or failed', () => {
    const messages = read([ask('a'), say('done'), tokens(900), ask('b'), say('half an ans'), event('turn_aborted'), ask('c'), say('partial'), event('error')]);
    expect(messages.map((message) => [message.role, message.stop, message.usage?.inputTokens])).toEqual([
      ['user', undefined, undefined],
      ['assistant', undefined, 900],
      ['user', undefined, undefined],
      ['assistant', { reason: 'aborted', raw: 'turn_aborted' }, undefined],
      ['user', undefined, undefined],
      ['assistant', { reason: 'error', raw: 'error' }, undefined],
    ]);
  });

  it('sets no stop when the abort came after the last call had reported its usage', () => {
    const messages = read([ask('a'), say('running the tests'), tokens(900), event('turn_aborted')]);
    expect(messages.map((message) => message.stop)).toEqual([undefined, undefined]);
  });
});
