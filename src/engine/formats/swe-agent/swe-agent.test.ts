import { describe, expect, it } from 'vitest';
import type { Transcript } from '../../transcript/model';
import { pairToolCalls } from '../../transcript/tool-pairs';
import { readFixture } from '../fixture-files.test-support';
import { parseDocument } from '../parse-document';
import { sweAgentImporter } from './swe-agent';
import { expectSurvivesStructuralDamage } from './swe-agent-fuzz.test-support';

const read = (text: string, fileName = 'run.traj') => sweAgentImporter.read(parseDocument(text), { fileName });
const countBy = (transcript: Transcript, key: 'role' | 'origin') =>
  transcript.messages.reduce<Record<string, number>>((counts, message) => ({ ...counts, [message[key]]: (counts[message[key]] ?? 0) + 1 }), {});
const blocksOf = (transcript: Transcript, kind: string) => transcript.messages.flatMap((message) => message.blocks.filter((block) => block.kind === kind));

describe('sweAgentImporter on the real function-calling trajectory (marshmallow-1867)', () => {
  const text = readFixture('swe-agent-fc__marshmallow-code__marshmallow-1867.traj');
  const output = read(text, 'marshmallow-1867.traj');
  const transcript = output.transcripts[0];

  it('is detected and yields one transcript without errors', () => {
    expect(sweAgentImporter.detect(parseDocument(text))).toBe(true);
    expect(output.errors).toEqual([]);
    expect(output.transcripts).toHaveLength(1);
    expect(transcript.source).toEqual({ format: 'swe-agent', fileName: 'marshmallow-1867.traj' });
  });

  it('moves history[0] to the system prompt and keeps the other 27 history messages', () => {
    expect(transcript.system).toMatchObject({ id: 'history-0', role: 'system', sourceRef: { index: 0 } });
    expect(transcript.system?.blocks[0]).toMatchObject({ kind: 'text', text: expect.stringMatching(/^SETTING: You are an autonomous programmer/) });
    expect(transcript.messages).toHaveLength(27);
    expect(countBy(transcript, 'role')).toEqual({ user: 1, assistant: 13, tool: 13 });
    expect(countBy(transcript, 'origin')).toEqual({ human: 1, model: 13, tool: 13 });
    expect(transcript.messages[0].id).toBe('history-1');
    expect(transcript.messages[26].id).toBe('history-27');
  });

  it('pairs all 13 calls with their 13 results, even though the replay reuses call ids', () => {
    expect(blocksOf(transcript, 'tool_call')).toHaveLength(13);
    expect(blocksOf(transcript, 'tool_result')).toHaveLength(13);
    const pairs = pairToolCalls(transcript.messages);
    expect(pairs.toolCallIds).toHaveLength(13);
    expect(pairs.answeredCallIds).toHaveLength(13);
    expect(pairs.orphanResults).toEqual([]);
    expect(pairs.unansweredCalls).toEqual([]);
    // history 12, 14, 22, 24 all use call_5iDd…; each result answers the call just before it.
    const reused = 'call_5iDdbOYybq7L19vqXmR0DPaU';
    expect(pairs.callIndexById.get(`${reused}#3`)).toBe(21);
    expect(pairs.resultIndexesById.get(`${reused}#3`)).toEqual([22]);
    expect(output.warnings.map((warning) => warning.message)).toEqual([
      expect.stringContaining(`${reused} is reused by 4 calls`),
      expect.stringContaining('call_ahToD2vM0aQWJPkRmy5cumru is reused by 2 calls'),
    ]);
  });

  it('keeps the assistant text, the parsed arguments and the raw record', () => {
    const first = transcript.messages[1];
    expect(first.blocks).toEqual([
      { kind: 'text', text: expect.stringContaining('ls -F') },
      { kind: 'tool_call', callId: 'call_9diWc1DYm4RLmPfHgIaP2wd', name: 'bash', args: { command: 'ls -F' }, argsRaw: '{"command":"ls -F"}' },
    ]);
    expect((first.raw as { message_type: string }).message_type).toBe('action');
  });

  it('reads exit status and submission; the replay logged zero tokens, so no usage is claimed', () => {
    expect(transcript.meta.details).toMatchObject({ exitStatus: 'submitted', apiCalls: '13', instanceCostUsd: '0' });
    expect(transcript.meta.details?.submission).toContain('int(round(value.total_seconds()');
    expect(transcript.meta.model).toBe('replay');
    expect(transcript.meta.title).toBe('marshmallow-code__marshmallow-1867');
    expect(transcript.meta.loggedUsage).toBeUndefined();
  });
});

describe('sweAgentImporter on a hand-written legacy text-action run', () => {
  const output = read(readFixture('hand-written/swe-agent-legacy__astropy-text-actions.traj'));
  const transcript = output.transcripts[0];

  it('marks the demonstration injected and the issue human', () => {
    expect(transcript.messages).toHaveLength(10);
    expect(transcript.messages[0]).toMatchObject({ role: 'user', origin: 'injected' });
    expect(transcript.messages[1]).toMatchObject({ role: 'user', origin: 'human' });
    expect(countBy(transcript, 'role')).toEqual({ user: 2, assistant: 4, tool: 4 });
  });

  it('synthesizes swe-action-<n> pairs from action + observation, and says it paired by position', () => {
    const pairs = pairToolCalls(transcript.messages);
    expect(pairs.toolCallIds).toEqual(['swe-action-1', 'swe-action-2', 'swe-action-3', 'swe-action-4']);
    expect(pairs.answeredCallIds).toHaveLength(4);
    expect(pairs.orphanResults).toEqual([]);
    expect(transcript.messages[2].blocks[1]).toMatchObject({ kind: 'tool_call', name: 'find_file', argsRaw: 'find_file ecsv.py astropy/io/ascii\n' });
    expect(transcript.messages[3]).toMatchObject({ role: 'tool', origin: 'tool', blocks: [{ kind: 'tool_result', callId: 'swe-action-1' }] });
    expect(output.warnings).toEqual([expect.objectContaining({ message: expect.stringContaining('4 action/observation pairs were linked by position') })]);
  });

  it('reports model_stats as cumulative totals, never as a context fill', () => {
    expect(transcript.meta.loggedUsage).toMatchObject({ totalInputTokens: 48210, totalOutputTokens: 1312 });
    expect(transcript.meta.loggedUsage?.lastContextTokens).toBeUndefined();
    expect(transcript.meta.loggedUsage?.description).toContain('cumulative');
  });
});

describe('sweAgentImporter on odd input', () => {
  const base = { trajectory: [], info: {}, replay_config: '{"agent":{"model":{"name":"gpt-4o"}}}' };

  it('is not fooled by mini-swe-agent or plain chat files', () => {
    expect(sweAgentImporter.detect(parseDocument('{"info":{},"messages":[],"trajectory_format":"mini-swe-agent-1"}'))).toBe(false);
    expect(sweAgentImporter.detect(parseDocument('[{"role":"user","content":"hi"}]'))).toBe(false);
  });

  it('reports an empty history as an error instead of an empty transcript', () => {
    const output = read(JSON.stringify({ ...base, history: [] }));
    expect(output.transcripts).toEqual([]);
    expect(output.errors).toEqual([{ message: expect.stringContaining('empty history'), path: 'history' }]);
  });

  it('keeps a tool message without ids as an orphan result, and reads a string replay_config', () => {
    const history = [
      { role: 'system', content: 'sys' },
      { role: 'user', content: 'task' },
      { role: 'assistant', content: 'look', tool_calls: [{ id: 'c1', type: 'function', function: { name: 'bash', arguments: '{"command":"ls"' } }] },
      { role: 'tool', content: 'a.py', tool_call_ids: ['c1'] },
      { role: 'tool', content: 'stray output' },
      'not an object',
      { role: 'critic', content: '?' },
    ];
    const output = read(JSON.stringify({ ...base, history }));
    const transcript = output.transcripts[0];
    expect(transcript.meta.model).toBe('gpt-4o');
    expect(transcript.messages[1].blocks[1]).toMatchObject({ argsRaw: '{"command":"ls"', args: '{"command":"ls"' });
    const pairs = pairToolCalls(transcript.messages);
    expect(pairs.answeredCallIds).toEqual(['c1']);
    expect(pairs.orphanResults).toEqual([{ messageId: 'history-4', callId: 'swe-missing-4' }]);
    expect(output.warnings.map((warning) => warning.path)).toEqual(['history[4]', 'history[5]', 'history[6].role']);
  });

  it('does not throw on a non-object document', () => {
    expect(read('[1,2,3]').errors).toHaveLength(1);
  });
});

describe('sweAgentImporter on structurally damaged fixtures', () => {
  it('survives structural damage to swe-agent-fc__marshmallow-code__marshmallow-1867.traj', () => {
    expectSurvivesStructuralDamage(sweAgentImporter, parseDocument(readFixture('swe-agent-fc__marshmallow-code__marshmallow-1867.traj')), 11, 60);
  });
  it('survives structural damage to hand-written/swe-agent-legacy__astropy-text-actions.traj', () => {
    expectSurvivesStructuralDamage(sweAgentImporter, parseDocument(readFixture('hand-written/swe-agent-legacy__astropy-text-actions.traj')), 21, 60);
  });
});
