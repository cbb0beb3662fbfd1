import { describe, expect, it } from 'vitest';
import { pairToolCalls } from '../../transcript/tool-pairs';
import { readFixture } from '../fixture-files.test-support';
import { miniSweAgentImporter } from './mini-swe-agent';
import { parseDocument } from '../parse-document';
import { sweAgentImporter } from '../swe-agent/swe-agent';
import { expectSurvivesStructuralDamage } from '../swe-agent/swe-agent-fuzz.test-support';

const read = (text: string) => miniSweAgentImporter.read(parseDocument(text), { fileName: 'run.traj.json' });

describe('miniSweAgentImporter on the hand-written django-11099 run', () => {
  const text = readFixture('hand-written/mini-swe-agent__django-11099.traj.json');
  const output = read(text);
  const transcript = output.transcripts[0];

  it('is detected by trajectory_format, and SWE-agent does not claim it', () => {
    expect(miniSweAgentImporter.detect(parseDocument(text))).toBe(true);
    expect(sweAgentImporter.detect(parseDocument(text))).toBe(false);
    expect(output.errors).toEqual([]);
  });

  it('takes the system prompt out and classifies every user turn', () => {
    expect(transcript.system?.blocks[0]).toMatchObject({ kind: 'text', text: expect.stringContaining('exactly ONE bash code block') });
    expect(transcript.messages).toHaveLength(11);
    expect(transcript.messages.map((message) => `${message.role}:${message.origin}`)).toEqual([
      'user:human',
      'assistant:model',
      'user:tool',
      'assistant:model',
      'user:injected', // format-error feedback: no <returncode>
      'assistant:model',
      'user:tool',
      'assistant:model',
      'user:tool',
      'assistant:model',
      'user:injected', // the submission echoed back after the run ended
    ]);
    expect(transcript.messages.map((message) => message.id).slice(0, 2)).toEqual(['message-1', 'message-2']);
  });

  it('keeps actions and observations as text with no tool pairs, and says why', () => {
    const pairs = pairToolCalls(transcript.messages);
    expect(pairs.toolCallIds).toEqual([]);
    expect(pairs.orphanResults).toEqual([]);
    expect(transcript.messages[1].blocks).toEqual([{ kind: 'text', text: expect.stringContaining('```bash\ngrep -rn') }]);
    expect(output.warnings).toEqual([expect.objectContaining({ message: expect.stringContaining('no tool-call ids') })]);
  });

  it('reads run facts from info', () => {
    expect(transcript.meta).toMatchObject({ model: 'anthropic/claude-sonnet-4-20250514', title: 'django__django-11099' });
    expect(transcript.meta.details).toMatchObject({ exitStatus: 'Submitted', apiCalls: '5', instanceCostUsd: '0.0661', trajectoryFormat: 'mini-swe-agent-1' });
    expect(transcript.meta.loggedUsage).toBeUndefined();
    expect(transcript.id).toBe('mini-swe-agent:django__django-11099');
  });
});

describe('miniSweAgentImporter on other shapes', () => {
  it('links native tool calls by tool_call_id and reads per-call usage from extra.response', () => {
    const output = read(
      JSON.stringify({
        trajectory_format: 'mini-swe-agent-1.1',
        info: { model_stats: { api_calls: 1 } },
        messages: [
          { role: 'user', content: [{ type: 'text', text: 'fix it' }] },
          {
            role: 'assistant',
            content: null,
            tool_calls: [{ id: 'call_1', type: 'function', function: { name: 'bash', arguments: '{"command":"ls"}' } }],
            extra: { response: { usage: { prompt_tokens: 900, completion_tokens: 12, total_tokens: 912 } } },
          },
          { role: 'tool', tool_call_id: 'call_1', content: '<returncode>0</returncode>\n<output>a.py</output>' },
          { role: 'tool', tool_call_id: 'call_9', content: 'late' },
        ],
      }),
    );
    const transcript = output.transcripts[0];
    expect(output.warnings).toEqual([]);
    const pairs = pairToolCalls(transcript.messages);
    expect(pairs.answeredCallIds).toEqual(['call_1']);
    expect(pairs.orphanResults).toEqual([{ messageId: 'message-3', callId: 'call_9' }]);
    expect(transcript.messages[1].usage).toMatchObject({ inputTokens: 900, outputTokens: 12, contextTokens: 900 });
    expect(transcript.meta.loggedUsage).toMatchObject({ lastContextTokens: 900, totalInputTokens: 900, totalOutputTokens: 12 });
  });

  it('reports a run with no messages as an error', () => {
    const output = read('{"trajectory_format":"mini-swe-agent-1","info":{},"messages":[]}');
    expect(output.transcripts).toEqual([]);
    expect(output.errors[0]).toMatchObject({ path: 'messages' });
  });

  it('skips non-object messages and unknown roles with located warnings', () => {
    const output = read('{"trajectory_format":"mini-swe-agent-1","messages":[{"role":"user","content":"x"},7,{"role":"robot","content":"y"}]}');
    expect(output.transcripts[0].messages).toHaveLength(1);
    expect(output.warnings.map((warning) => warning.path)).toEqual(['messages[1]', 'messages[2].role', 'messages']);
  });
});

describe('miniSweAgentImporter on structurally damaged fixtures', () => {
  it('survives structural damage to hand-written/mini-swe-agent__django-11099.traj.json', () => {
    expectSurvivesStructuralDamage(miniSweAgentImporter, parseDocument(readFixture('hand-written/mini-swe-agent__django-11099.traj.json')), 11, 60);
  });
});
