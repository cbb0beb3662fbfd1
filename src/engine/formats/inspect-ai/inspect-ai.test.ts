import { describe, expect, it } from 'vitest';
import { pairToolCalls } from '../../transcript/tool-pairs';
import { readFixture } from '../fixture-files.test-support';
import { inspectAiImporter } from './inspect-ai';
import { parseDocument } from '../parse-document';
import { expectSurvivesStructuralDamage } from '../swe-agent/swe-agent-fuzz.test-support';

const read = (text: string, fileName = 'log.json') => inspectAiImporter.read(parseDocument(text), { fileName });

describe('inspectAiImporter on the real browser eval log', () => {
  const text = readFixture('inspect-ai__2025-05-12T20-27-36-04-00_browser.json');
  const output = read(text, 'browser.json');
  const transcript = output.transcripts[0];

  it('is detected and yields one transcript for its one sample', () => {
    expect(inspectAiImporter.detect(parseDocument(text))).toBe(true);
    expect(output.errors).toEqual([]);
    expect(output.warnings).toEqual([]);
    expect(output.transcripts).toHaveLength(1);
    expect(transcript.source).toEqual({ format: 'inspect-ai', fileName: 'browser.json', runLabel: 'sample 1 epoch 1' });
    expect(transcript.meta).toMatchObject({ model: 'openai/gpt-4o-mini', title: 'browser' });
  });

  it('keeps the 10 messages with their source ids (no system message in this log)', () => {
    expect(transcript.system).toBeUndefined();
    expect(transcript.messages).toHaveLength(10);
    expect(transcript.messages.map((message) => message.role)).toEqual(['user', 'assistant', 'tool', 'assistant', 'tool', 'assistant', 'tool', 'assistant', 'tool', 'assistant']);
    expect(transcript.messages[0]).toMatchObject({ id: 'QQZXTTQY46SAxcBZie6XDi', origin: 'human' });
    expect(transcript.messages[9].blocks).toEqual([{ kind: 'text', text: expect.stringMatching(/^The AI Security Institute \(AISI\)/) }]);
  });

  it('pairs its 4 tool calls with 4 results by tool_call_id', () => {
    const pairs = pairToolCalls(transcript.messages);
    expect(pairs.toolCallIds).toEqual(['call_35FTpd6shR9efioDgeEBZ33s', 'call_O6fzXOPUvPtYflWdOH94RTWy', 'call_53eNweGanOHt6jGWAo2UuNCG', 'call_C0cGhnh5y5RCIBs9vTJCLgxW']);
    expect(pairs.answeredCallIds).toHaveLength(4);
    expect(pairs.orphanResults).toEqual([]);
    expect(pairs.unansweredCalls).toEqual([]);
    expect(transcript.messages[1].blocks).toEqual([
      { kind: 'tool_call', callId: 'call_35FTpd6shR9efioDgeEBZ33s', name: 'web_browser_go', args: { url: 'https://www.aisi.gov.uk/' }, argsRaw: '{"url":"https://www.aisi.gov.uk/"}' },
    ]);
    expect(transcript.messages[2].blocks[0]).toMatchObject({ kind: 'tool_result', name: 'web_browser_go', isError: false });
  });

  it('puts each model event usage on the message it produced, and model_usage in the totals', () => {
    const contexts = transcript.messages.filter((message) => message.role === 'assistant').map((message) => message.usage?.contextTokens);
    expect(contexts).toEqual([1124, 1568, 2732, 3896, 5915]);
    expect(transcript.messages[3].usage).toMatchObject({ inputTokens: 1568, outputTokens: 17, cacheReadTokens: 1024 });
    expect(transcript.meta.loggedUsage).toMatchObject({ lastContextTokens: 5915, totalInputTokens: 15235, totalOutputTokens: 281 });
    expect(transcript.markers).toEqual([]);
  });

  it('stop reason: each model event output choice stop_reason goes on the message it produced', () => {
    const stops = transcript.messages.filter((message) => message.role === 'assistant').map((message) => message.stop?.raw);
    expect(stops).toEqual(['tool_calls', 'tool_calls', 'tool_calls', 'tool_calls', 'stop']);
    expect(transcript.messages[9].stop).toEqual({ reason: 'end', raw: 'stop' });
    expect(transcript.messages.filter((message) => message.role !== 'assistant').every((message) => message.stop === undefined)).toBe(true);
  });
});

describe('inspectAiImporter on the hand-written two-epoch log', () => {
  const output = read(readFixture('hand-written/inspect__license-ctf-two-epochs.json'));
  const [first, second] = output.transcripts;

  it('yields one transcript per sample and epoch', () => {
    expect(output.errors).toEqual([]);
    expect(output.warnings).toEqual([]);
    expect(output.transcripts.map((transcript) => transcript.source.runLabel)).toEqual(['sample license-1 epoch 1', 'sample license-1 epoch 2']);
    expect(new Set(output.transcripts.map((transcript) => transcript.id)).size).toBe(2);
    expect(second.messages).toHaveLength(2);
  });

  it('resolves attachment:// keys in content and in tool arguments', () => {
    expect(first.messages[0].blocks).toEqual([{ kind: 'text', text: expect.stringMatching(/^You are given a directory \/challenge/) }]);
    expect(first.messages[1].blocks[3]).toMatchObject({ kind: 'tool_call', callId: 'call_py', args: { code: expect.stringContaining('hashlib.sha256') } });
    expect((first.messages[0].raw as { content: string }).content).toBe('attachment://9a8b7c6d5e4f30211203f4e5d6c7b8a9');
  });

  it('reads the system prompt, reasoning (plain and redacted), tool errors and injected continue prompts', () => {
    expect(first.system).toMatchObject({ id: 'sys-1', role: 'system' });
    expect(first.messages).toHaveLength(8);
    expect(first.messages[1].blocks[0]).toEqual({ kind: 'thinking', text: expect.stringContaining('parallel'), isRedacted: undefined, signature: undefined });
    expect(first.messages[4].blocks[0]).toMatchObject({ kind: 'thinking', text: '', isRedacted: true, signature: 'c2lnbmF0dXJl' });
    expect(first.messages[3].blocks[0]).toEqual({ kind: 'tool_result', callId: 'call_ls', content: 'Command timed out before completing.', isError: true, name: 'bash' });
    expect(first.messages[5]).toMatchObject({ id: 'user-2', role: 'user', origin: 'injected' });
  });

  it('pairs the parallel calls even though their results came back in reverse order', () => {
    const pairs = pairToolCalls(first.messages);
    expect(pairs.toolCallIds).toEqual(['call_ls', 'call_py', 'call_submit']);
    expect(pairs.resultIndexesById.get('call_py')).toEqual([2]);
    expect(pairs.resultIndexesById.get('call_ls')).toEqual([3]);
    expect(pairs.unansweredCalls).toEqual([]);
    expect(pairs.orphanResults).toEqual([]);
  });

  it('places the compaction event before the message of the next model call', () => {
    expect(first.markers).toEqual([{ atIndex: 6, kind: 'compaction', tokensBefore: 2460, tokensAfter: 910 }]);
    expect(first.messages[6].id).toBe('asst-3');
    expect(first.meta.details).toEqual({ task: 'license_ctf', compactions: 'summary (inspect)' });
    expect(first.meta.loggedUsage).toMatchObject({ lastContextTokens: 1020, totalInputTokens: 5170, totalOutputTokens: 160 });
  });
});

describe('inspectAiImporter on odd logs', () => {
  it('says a header-only log has no samples', () => {
    const text = JSON.stringify({ version: 2, status: 'started', eval: { task: 'x', model: 'm' } });
    expect(inspectAiImporter.detect(parseDocument(text))).toBe(true);
    const output = read(text);
    expect(output.transcripts).toEqual([]);
    expect(output.errors).toEqual([{ message: expect.stringMatching(/no samples \(header only, status "started"\)/), path: 'samples' }]);
  });

  it('warns about attachment keys it cannot resolve and about unknown content parts, and keeps orphans', () => {
    const sample = {
      id: 7,
      epoch: 1,
      messages: [
        { role: 'user', content: 'attachment://missing' },
        { role: 'assistant', content: [{ type: 'audio', audio: 'x', format: 'mp3' }], tool_calls: [{ function: 'bash', arguments: { cmd: 'ls' } }] },
        { role: 'tool', tool_call_id: 'nobody', content: [{ type: 'text', text: 'late' }] },
      ],
      attachments: {},
    };
    const output = read(JSON.stringify({ version: 2, eval: {}, samples: [sample, 'junk'] }));
    const transcript = output.transcripts[0];
    expect(transcript.source.runLabel).toBe('sample 7 epoch 1');
    expect(transcript.messages.map((message) => message.id)).toEqual(['message-0', 'message-1', 'message-2']);
    const pairs = pairToolCalls(transcript.messages);
    expect(pairs.unansweredCalls).toEqual([{ messageId: 'message-1', callId: 'inspect-call-1-0' }]);
    expect(pairs.orphanResults).toEqual([{ messageId: 'message-2', callId: 'nobody' }]);
    expect(output.warnings.map((warning) => warning.path)).toEqual([
      'samples[0].messages[1].content[0]',
      'samples[0].messages[1].tool_calls[0]',
      'samples[0].attachments',
    ]);
    expect(output.errors).toEqual([{ message: expect.stringContaining('not an object'), path: 'samples[1]' }]);
  });

  it('does not claim other JSON', () => {
    expect(inspectAiImporter.detect(parseDocument('{"samples":[]}'))).toBe(false);
    expect(inspectAiImporter.detect(parseDocument('{"eval":"x","samples":[]}'))).toBe(false);
    expect(inspectAiImporter.detect(parseDocument('[{"eval":{}}]'))).toBe(false);
  });
});

describe('inspectAiImporter on structurally damaged fixtures', () => {
  it('survives structural damage to inspect-ai__2025-05-12T20-27-36-04-00_browser.json', () => {
    expectSurvivesStructuralDamage(inspectAiImporter, parseDocument(readFixture('inspect-ai__2025-05-12T20-27-36-04-00_browser.json')), 11, 60);
  });
  it('survives structural damage to hand-written/inspect__license-ctf-two-epochs.json', () => {
    expectSurvivesStructuralDamage(inspectAiImporter, parseDocument(readFixture('hand-written/inspect__license-ctf-two-epochs.json')), 21, 60);
  });
});
