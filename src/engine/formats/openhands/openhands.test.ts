import { describe, expect, it } from 'vitest';
import type { Transcript } from '../../transcript/model';
import { pairToolCalls } from '../../transcript/tool-pairs';
import { readFixture } from '../fixture-files.test-support';
import { openHandsImporter } from './openhands';
import { parseDocument } from '../parse-document';
import { expectSurvivesStructuralDamage } from '../swe-agent/swe-agent-fuzz.test-support';

const read = (text: string, fileName = 'output.jsonl') => openHandsImporter.read(parseDocument(text), { fileName });
const roleCounts = (transcript: Transcript) =>
  transcript.messages.reduce<Record<string, number>>((counts, message) => ({ ...counts, [message.role]: (counts[message.role] ?? 0) + 1 }), {});
const callCount = (transcript: Transcript) => transcript.messages.flatMap((message) => message.blocks.filter((block) => block.kind === 'tool_call')).length;
const resultCount = (transcript: Transcript) => transcript.messages.flatMap((message) => message.blocks.filter((block) => block.kind === 'tool_result')).length;

describe('openHandsImporter on the real evaluation output (3 runs)', () => {
  const text = readFixture('openhands__multi_swe_bench_examples_output.jsonl');
  const output = read(text);

  it('is detected, and yields one transcript per line labelled by instance_id', () => {
    expect(openHandsImporter.detect(parseDocument(text))).toBe(true);
    expect(output.errors).toEqual([]);
    expect(output.warnings).toEqual([]);
    expect(output.transcripts.map((transcript) => transcript.source.runLabel)).toEqual(['ponylang__ponyc-4595', 'ponylang__ponyc-4593', 'ponylang__ponyc-4588']);
  });

  // 49 / 70 / 103 events: system + user message + recall action (skipped) + recall observation, then
  // 23 / 33 / 49 tool actions, 22 / 32 / 49 caused observations and 0 / 1 / 1 uncaused error observations.
  const expected = [
    { messages: 47, roles: { user: 2, assistant: 23, tool: 22 }, calls: 23, results: 22, unanswered: ['toolu_23'], lastContext: 33459, input: 565158, output: 2558 },
    { messages: 68, roles: { user: 3, assistant: 33, tool: 32 }, calls: 33, results: 32, unanswered: ['toolu_33'], lastContext: 19391, input: 410169, output: 5156 },
    { messages: 101, roles: { user: 3, assistant: 49, tool: 49 }, calls: 49, results: 49, unanswered: [], lastContext: 27127, input: 938015, output: 5627 },
  ];
  expected.forEach((run, index) => {
    it(`run ${index + 1}: ${run.messages} messages, ${run.calls} calls (one per distinct tool_call_id), ${run.results} results`, () => {
      const transcript = output.transcripts[index];
      expect(transcript.system?.blocks[0]).toMatchObject({ kind: 'text', text: expect.stringMatching(/^You are OpenHands agent/) });
      expect(transcript.messages).toHaveLength(run.messages);
      expect(roleCounts(transcript)).toEqual(run.roles);
      expect(callCount(transcript)).toBe(run.calls);
      expect(resultCount(transcript)).toBe(run.results);
      const pairs = pairToolCalls(transcript.messages);
      expect(pairs.toolCallIds).toHaveLength(run.calls);
      expect(pairs.orphanResults).toEqual([]);
      // The run that ends on `finish` leaves that call unanswered: OpenHands never observes it.
      expect(pairs.unansweredCalls.map((entry) => entry.callId)).toEqual(run.unanswered);
      expect(transcript.meta.loggedUsage).toMatchObject({ lastContextTokens: run.lastContext, totalInputTokens: run.input, totalOutputTokens: run.output });
      expect(transcript.meta.details).toMatchObject({ agentClass: 'CodeActAgent', openhandsVersion: '0.35.0', skippedEvents: '1' });
      expect(transcript.messages.every((message) => message.sourceRef.line === index + 1)).toBe(true);
    });
  });

  it('turns the first run into human task, injected recall, then call/result pairs keyed by tool_call_id', () => {
    const transcript = output.transcripts[0];
    expect(transcript.messages.slice(0, 4).map((message) => `${message.id}:${message.role}:${message.origin}`)).toEqual([
      '1:user:human',
      '4:user:injected',
      '5:assistant:model',
      '6:tool:tool',
    ]);
    expect(transcript.messages[2].blocks).toEqual([
      { kind: 'text', text: expect.stringMatching(/^The task involves fixing an issue/) },
      { kind: 'tool_call', callId: 'toolu_01', name: 'execute_bash', args: { command: 'ls -l /workspace/ponylang__ponyc__0.1' }, argsRaw: '{"command": "ls -l /workspace/ponylang__ponyc__0.1"}' },
    ]);
    expect(transcript.messages[2].usage).toMatchObject({ inputTokens: 5920, outputTokens: 128, contextTokens: 5920 });
    expect(transcript.messages[3].blocks[0]).toMatchObject({ kind: 'tool_result', callId: 'toolu_01', isError: false, name: 'execute_bash', content: expect.stringMatching(/\n\[The command completed with exit code 0\.\]$/) });
  });

  it('keeps the uncaused error observation as an injected user turn and failed commands as error results', () => {
    const transcript = output.transcripts[1];
    const error = transcript.messages.find((message) => message.id === '29');
    expect(error).toMatchObject({ role: 'user', origin: 'injected', blocks: [{ kind: 'text', text: expect.stringContaining("Parameter 'command'") }] });
    const failed = transcript.messages.find((message) => message.id === '8');
    expect(failed?.blocks[0]).toMatchObject({ kind: 'tool_result', callId: 'toolu_02', isError: true });
  });
});

describe('openHandsImporter on a real claude-3-5-sonnet trajectory (OpenHands tests/runtime/trajs/basic.json)', () => {
  const transcript = read(readFixture('openhands__runtime-trajs-basic.json'), 'basic.json').transcripts[0];

  it('keeps an ACI edit result as the model was sent it, not the diff the event shows the user', () => {
    // The edit event's `content` repeats the whole created file as a diff (959 o200k tokens), while OpenHands sent the
    // model `formatted_output_and_error`: counting the diff put the file in the context twice (once in the call's args).
    const result = transcript.messages.find((message) => message.role === 'tool');
    expect(result?.blocks).toEqual([
      { kind: 'tool_result', callId: 'toolu_017nBp7UfiGqyrA7j77HgtFP', content: 'File created successfully at: /workspace/game_2048.py', isError: false, name: 'str_replace_editor' },
    ]);
    expect(transcript.messages.map((message) => message.usage?.contextTokens)).toEqual([undefined, 3486, undefined, 4646]);
  });
});

describe('openHandsImporter on the hand-written event array', () => {
  const output = read(readFixture('hand-written/openhands__date-fix-events.json'), 'events.json');
  const transcript = output.transcripts[0];

  it('reads 19 events into 13 messages, skipping the recall action and both state changes', () => {
    expect(output.errors).toEqual([]);
    expect(output.warnings).toEqual([]);
    expect(transcript.messages.map((message) => message.id)).toEqual(['1', '3', '4', '6', '7', '9', '10', '11', '13', '14', '15', '16', '17']);
    expect(roleCounts(transcript)).toEqual({ user: 3, assistant: 6, tool: 4 });
    expect(transcript.meta.details?.skippedEvents).toBe('3');
  });

  it('groups the two calls of one model response into one assistant message and links out-of-order results by cause', () => {
    const grouped = transcript.messages[2];
    expect(grouped.blocks.map((block) => (block.kind === 'tool_call' ? block.callId : block.kind))).toEqual(['text', 'toolu_01A', 'toolu_01B']);
    expect(grouped.usage).toMatchObject({ inputTokens: 3200, cacheReadTokens: 0 });
    const pairs = pairToolCalls(transcript.messages);
    expect(pairs.toolCallIds).toEqual(['toolu_01A', 'toolu_01B', 'openhands-10', 'toolu_01C', 'toolu_01E']);
    expect(pairs.resultIndexesById.get('toolu_01B')).toEqual([3]);
    expect(pairs.resultIndexesById.get('toolu_01A')).toEqual([4]);
    expect(pairs.unansweredCalls).toEqual([{ messageId: '17', callId: 'toolu_01E' }]);
    expect(pairs.orphanResults).toEqual([]);
  });

  it('reads think without a tool call as thinking, the flattened tool_call_metadata, and error observations', () => {
    expect(transcript.messages[5].blocks).toEqual([{ kind: 'thinking', text: expect.stringContaining('fromisocalendar') }]);
    expect(transcript.messages[6].blocks[1]).toMatchObject({ kind: 'tool_call', callId: 'openhands-10', name: 'str_replace_editor', args: { command: 'str_replace' } });
    expect(transcript.messages[4].blocks[0]).toMatchObject({ isError: true, content: expect.stringContaining('exit code 1.]') });
    expect(transcript.messages[9].blocks[0]).toMatchObject({ kind: 'tool_result', callId: 'toolu_01C', isError: true });
  });

  it('turns the condensation action into a marker that names the messages of events 3..8', () => {
    expect(transcript.markers).toEqual([
      { atIndex: 8, kind: 'condensation', summaryText: expect.stringContaining('USER_CONTEXT'), replacesMessageIds: ['3', '4', '6', '7'] },
    ]);
    expect(transcript.messages[8].id).toBe('13');
  });

  it('stop reason: an action from an embedded model response carries its finish_reason; actions without one carry none', () => {
    expect(transcript.messages[2].stop).toEqual({ reason: 'tool_use', raw: 'tool_calls' });
    expect(transcript.messages[5].stop).toBeUndefined();
    const assistants = transcript.messages.filter((message) => message.role === 'assistant');
    expect(assistants.filter((message) => message.stop !== undefined).length).toBeGreaterThan(0);
    expect(assistants.every((message) => message.stop === undefined || message.usage !== undefined)).toBe(true);
  });

  it('reads usage and skips nothing the model saw', () => {
    expect(transcript.meta.loggedUsage).toMatchObject({ lastContextTokens: 5600, totalInputTokens: 18700, totalOutputTokens: 410 });
    expect(transcript.source).toEqual({ format: 'openhands', fileName: 'events.json', runLabel: undefined });
  });
});

describe('openHandsImporter on edge cases', () => {
  const action = (id: number, callId?: string, extra: Record<string, unknown> = {}) => ({
    id,
    source: 'agent',
    action: 'run',
    args: { command: `echo ${id}`, thought: '' },
    ...(callId ? { tool_call_metadata: { function_name: 'execute_bash', tool_call_id: callId } } : {}),
    ...extra,
  });
  const observation = (id: number, cause: number | undefined, extra: Record<string, unknown> = {}) => ({ id, source: 'agent', observation: 'run', cause, content: `out ${id}`, extras: {}, ...extra });

  it('keeps an observation whose cause matches no action as an orphan, with a located warning', () => {
    const output = read(JSON.stringify([action(1, 'c1'), observation(2, 1), observation(3, 99)]), 'events.json');
    const pairs = pairToolCalls(output.transcripts[0].messages);
    expect(pairs.orphanResults).toEqual([{ messageId: '3', callId: 'openhands-99' }]);
    expect(output.warnings).toEqual([{ message: expect.stringContaining('cause 99'), path: '[2].cause', line: undefined }]);
  });

  it('renames a reused tool_call_id and still links each observation to its own action by cause', () => {
    const output = read(JSON.stringify([action(1, 'dup'), observation(2, 1), action(3, 'dup'), observation(4, 3)]), 'events.json');
    const pairs = pairToolCalls(output.transcripts[0].messages);
    expect(pairs.toolCallIds).toEqual(['dup', 'dup#2']);
    expect(pairs.resultIndexesById.get('dup#2')).toEqual([3]);
    expect(output.warnings[0].message).toContain('dup is reused by 2 actions');
  });

  it('links by the shared tool_call_id when the observation has no cause', () => {
    const output = read(JSON.stringify([action(1, 'c1'), observation(2, undefined, { tool_call_metadata: { tool_call_id: 'c1' } })]), 'events.json');
    expect(pairToolCalls(output.transcripts[0].messages).answeredCallIds).toEqual(['c1']);
  });

  it('maps forgotten_event_ids and folds a condensation observation into its marker', () => {
    const events = [
      { id: 1, source: 'user', action: 'message', args: { content: 'go' } },
      action(2),
      observation(3, 2),
      { id: 4, source: 'agent', action: 'condensation', args: { forgotten_event_ids: [2, 3, 77] } },
      { id: 5, source: 'agent', observation: 'agent_condensation', content: 'Earlier: ran echo 2.', extras: {} },
      { id: 6, source: 'agent', observation: 'agent_condensation', content: 'A second summary.', extras: {} },
    ];
    const transcript = read(JSON.stringify(events), 'events.json').transcripts[0];
    expect(transcript.messages.map((message) => message.id)).toEqual(['1', '2', '3']);
    expect(transcript.messages[1].blocks[0]).toMatchObject({ kind: 'tool_call', callId: 'openhands-2' });
    expect(transcript.markers).toEqual([
      { atIndex: 3, kind: 'condensation', summaryText: 'Earlier: ran echo 2.', replacesMessageIds: ['2', '3'] },
      { atIndex: 3, kind: 'condensation', summaryText: 'A second summary.' },
    ]);
  });

  it('reads an object with history, adds the instruction when no user message exists, and labels JSONL lines without instance_id', () => {
    const run = { instruction: 'Solve the issue.', history: [action(1, 'c1'), observation(2, 1)] };
    const single = read(JSON.stringify(run), 'run.json').transcripts[0];
    expect(single.messages[0]).toMatchObject({ id: 'instruction', role: 'user', origin: 'human', blocks: [{ kind: 'text', text: 'Solve the issue.' }] });
    const jsonl = `${JSON.stringify(run)}\n{"not":"a run"}\n${JSON.stringify({ ...run, instance_id: 'x-1' })}\n`;
    const output = read(jsonl);
    expect(output.transcripts.map((transcript) => transcript.source.runLabel)).toEqual(['line 1', 'x-1']);
    expect(output.errors).toEqual([{ message: expect.stringContaining('not an OpenHands run'), line: 2 }]);
  });

  it('reads the UI trajectory download {trajectory: [events]}', () => {
    const text = JSON.stringify({ trajectory: [action(1, 'c1'), observation(2, 1)] });
    expect(openHandsImporter.detect(parseDocument(text))).toBe(true);
    const transcript = read(text, 'trajectory.json').transcripts[0];
    expect(pairToolCalls(transcript.messages).answeredCallIds).toEqual(['c1']);
  });

  it('reads JSONL with one event per line, locating each message on its own line', () => {
    const jsonl = [action(1, 'c1'), observation(2, 1)].map((event) => JSON.stringify(event)).join('\n');
    expect(openHandsImporter.detect(parseDocument(jsonl))).toBe(true);
    const transcript = read(jsonl).transcripts[0];
    expect(transcript.messages.map((message) => message.sourceRef.line)).toEqual([1, 2]);
  });

  it('does not claim chat messages or SWE-agent trajectories', () => {
    expect(openHandsImporter.detect(parseDocument('[{"role":"assistant","content":"x","action":"ls"}]'))).toBe(false);
    expect(openHandsImporter.detect(parseDocument('{"history":[{"role":"system","content":"x"}],"trajectory":[],"info":{}}'))).toBe(false);
    expect(openHandsImporter.detect(parseDocument('[]'))).toBe(false);
  });

  it('survives garbage events without throwing', () => {
    const output = read(JSON.stringify([null, 5, { id: 1 }, { id: 2, source: 'agent', action: 'message', args: {} }]), 'events.json');
    expect(output.transcripts[0].messages).toHaveLength(1);
    expect(output.warnings.map((warning) => warning.path)).toEqual(['[0]', '[1]', '[2]']);
  });
});

describe('openHandsImporter on structurally damaged fixtures', () => {
  it('survives structural damage to openhands__multi_swe_bench_examples_output.jsonl', () => {
    expectSurvivesStructuralDamage(openHandsImporter, parseDocument(readFixture('openhands__multi_swe_bench_examples_output.jsonl')), 1, 15);
  });
  it('survives structural damage to hand-written/openhands__date-fix-events.json', () => {
    expectSurvivesStructuralDamage(openHandsImporter, parseDocument(readFixture('hand-written/openhands__date-fix-events.json')), 21, 60);
  });
});
