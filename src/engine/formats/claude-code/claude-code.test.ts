import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import type { Message, Transcript } from '../../transcript/model';
import { pairToolCalls } from '../../transcript/tool-pairs';
import { claudeCodeImporter } from './claude-code';
import { codexImporter } from '../codex/codex';
import { parseDocument } from '../parse-document';

const fixtures = fileURLToPath(new URL('../../../../e2e/fixtures/transcripts/', import.meta.url));

function load(name: string) {
  const parsed = parseDocument(readFileSync(fixtures + name, 'utf8'));
  return { parsed, output: claudeCodeImporter.read(parsed, { fileName: name }) };
}

function only(name: string): Transcript {
  const { output } = load(name);
  expect(output.transcripts).toHaveLength(1);
  return output.transcripts[0];
}

function countBy(messages: readonly Message[]): Record<string, number> {
  const counts: Record<string, number> = {};
  for (const message of messages) counts[`${message.role}/${message.origin}`] = (counts[`${message.role}/${message.origin}`] ?? 0) + 1;
  return counts;
}

function text(message: Message): string {
  return message.blocks.map((block) => (block.kind === 'text' ? block.text : '')).join('');
}

describe('claudeCodeImporter on the real session with one auto-compaction', () => {
  const name = 'claude-code__fa812bfe-b295-4cca-9c2f-fdf01028cb46.jsonl';
  const { parsed, output } = load(name);
  const transcript = output.transcripts[0];

  it('is detected as Claude Code, not Codex, though it starts with file-history-snapshot lines', () => {
    expect(claudeCodeImporter.detect(parsed)).toBe(true);
    expect(codexImporter.detect(parsed)).toBe(false);
  });

  it('keeps the whole active branch: 157 API responses, 197 tool results, 4 user turns', () => {
    expect(transcript.messages).toHaveLength(358);
    expect(countBy(transcript.messages)).toEqual({
      'assistant/model': 157,
      'tool/tool': 197,
      'user/human': 2,
      'user/injected': 1,
      'user/summary': 1,
    });
    expect(new Set(transcript.messages.map((message) => message.id)).size).toBe(358);
    expect(output.warnings).toEqual([]);
  });

  it('pairs all 197 tool calls with their results by tool_use_id', () => {
    const pairs = pairToolCalls(transcript.messages);
    expect(pairs.toolCallIds).toHaveLength(197);
    expect(pairs.answeredCallIds).toHaveLength(197);
    expect(pairs.orphanResults).toEqual([]);
    expect(pairs.unansweredCalls).toEqual([]);
  });

  it('walks through the compact boundary so pre-compaction history stays, with a marker at the seam', () => {
    expect(text(transcript.messages[0])).toMatch(/^Work on bead spotter-a0y/);
    expect(transcript.markers).toHaveLength(1);
    const marker = transcript.markers[0];
    expect(marker).toMatchObject({ atIndex: 288, kind: 'compact_boundary', trigger: 'auto', tokensBefore: 167117 });
    expect(marker.tokensAfter).toBeUndefined();
    expect(marker.summaryMessageId).toBe('7bf19bfa-9a71-402e-9a81-2dad042e663f');
    expect(transcript.messages[288]).toMatchObject({ id: marker.summaryMessageId, role: 'user', origin: 'summary' });
    expect(marker.summaryText).toMatch(/^This session is being continued from a previous conversation/);
  });

  it('groups the 8 lines of one API response into one message and counts its usage once, from the last line', () => {
    const message = transcript.messages.find((candidate) => candidate.id === '34d68bec-cf8e-46c1-bf9a-38a4d93cf31f');
    expect(message?.blocks.map((block) => block.kind)).toEqual([
      'thinking', 'text', 'tool_call', 'tool_call', 'tool_call', 'tool_call', 'tool_call', 'tool_call',
    ]);
    expect(message?.raw).toHaveLength(8);
    expect(message?.usage?.outputTokens).toBe(572);
  });

  it('reads meta and logged usage from the last API call', () => {
    expect(transcript.id).toBe('fa812bfe-b295-4cca-9c2f-fdf01028cb46');
    expect(transcript.source).toEqual({ format: 'claude-code', fileName: name, runLabel: undefined });
    expect(transcript.meta.model).toBe('claude-opus-4-6');
    expect(transcript.meta.details).toEqual({
      sessionId: 'fa812bfe-b295-4cca-9c2f-fdf01028cb46',
      cwd: '/home/USER/projects/spotter-worktrees/spotter-a0y',
      version: '2.1.39',
      gitBranch: 'spotter-a0y',
    });
    // 1 input + 171 cache write + 76178 cache read on the last line of the file's last response.
    expect(transcript.meta.loggedUsage).toMatchObject({ lastContextTokens: 76350, totalOutputTokens: 36256 });
  });
});

describe('claudeCodeImporter on the real subagent log', () => {
  const transcript = only('claude-code__fa812bfe__subagents__agent-aa84377.jsonl');

  it('imports it as its own conversation, not flagged as sidechain, with the agent id', () => {
    expect(transcript.messages).toHaveLength(31);
    expect(countBy(transcript.messages)).toEqual({ 'user/human': 1, 'assistant/model': 9, 'tool/tool': 21 });
    expect(transcript.messages.some((message) => message.isSidechain)).toBe(false);
    expect(transcript.meta.details?.agentId).toBe('aa84377');
    expect(transcript.meta.model).toBe('claude-haiku-4-5-20251001');
  });

  it('keeps parallel calls that the parentUuid walk alone would drop, all 21 answered', () => {
    const pairs = pairToolCalls(transcript.messages);
    expect(pairs.toolCallIds).toHaveLength(21);
    expect(pairs.answeredCallIds).toHaveLength(21);
    expect(pairs.orphanResults).toEqual([]);
  });
});

describe('claudeCodeImporter on the real tool-heavy session', () => {
  const transcript = only('claude-code__tool_heavy.jsonl');

  it('finds 6 tool calls, all answered, and tags local-command and interruption lines as injected', () => {
    const pairs = pairToolCalls(transcript.messages);
    expect(pairs.toolCallIds).toHaveLength(6);
    expect(pairs.unansweredCalls).toEqual([]);
    expect(pairs.orphanResults).toEqual([]);
    expect(countBy(transcript.messages)).toEqual({ 'user/human': 2, 'assistant/model': 4, 'tool/tool': 6, 'user/injected': 7 });
  });

  it('puts both calls of a response whose lines were split around a tool result before both results', () => {
    const index = transcript.messages.findIndex((message) => message.id === '9c0157de-950c-4b36-8c81-537b79e0d6b4');
    const calls = transcript.messages[index].blocks.filter((block) => block.kind === 'tool_call');
    expect(calls.map((block) => block.kind === 'tool_call' && block.callId)).toEqual([
      'toolu_01VpPeBD2ziigLLpybShAGoU',
      'toolu_017Q5Sr8KaSgowYhbKXBnfV2',
    ]);
    const pairs = pairToolCalls(transcript.messages);
    expect(pairs.resultIndexesById.get('toolu_01VpPeBD2ziigLLpybShAGoU')).toEqual([index + 1]);
    expect(pairs.resultIndexesById.get('toolu_017Q5Sr8KaSgowYhbKXBnfV2')).toEqual([index + 2]);
  });
});
