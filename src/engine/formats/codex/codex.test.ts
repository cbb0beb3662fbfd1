import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import type { Message } from '../../transcript/model';
import { pairToolCalls } from '../../transcript/tool-pairs';
import { claudeCodeImporter } from '../claude-code/claude-code';
import { codexImporter } from './codex';
import { parseDocument } from '../parse-document';

const fixtures = fileURLToPath(new URL('../../../../e2e/fixtures/transcripts/', import.meta.url));
const name = 'codex__rollout-2026-02-23T12-41-04-019c8a4d-8f45-7010-8b5d-7fad920aa6f9.jsonl';

function countBy(messages: readonly Message[]): Record<string, number> {
  const counts: Record<string, number> = {};
  for (const message of messages) counts[`${message.role}/${message.origin}`] = (counts[`${message.role}/${message.origin}`] ?? 0) + 1;
  return counts;
}

describe('codexImporter on the real rollout (envelope, cli 0.104)', () => {
  const parsed = parseDocument(readFileSync(fixtures + name, 'utf8'));
  const output = codexImporter.read(parsed, { fileName: name });
  const transcript = output.transcripts[0];

  it('is detected as Codex and not as Claude Code', () => {
    expect(codexImporter.detect(parsed)).toBe(true);
    expect(claudeCodeImporter.detect(parsed)).toBe(false);
  });

  it('builds 153 messages from response items only: event_msg mirrors are not counted', () => {
    expect(output.transcripts).toHaveLength(1);
    expect(output.warnings).toEqual([]);
    expect(transcript.messages).toHaveLength(153);
    expect(countBy(transcript.messages)).toEqual({ 'user/injected': 6, 'user/human': 1, 'assistant/model': 28, 'tool/tool': 118 });
    expect(new Set(transcript.messages.map((message) => message.id)).size).toBe(153);
    expect(transcript.markers).toEqual([]);
  });

  it('pairs all 118 function calls with their outputs by call_id', () => {
    const calls = transcript.messages.flatMap((message) => message.blocks.filter((block) => block.kind === 'tool_call'));
    expect(calls).toHaveLength(118);
    const pairs = pairToolCalls(transcript.messages);
    expect(pairs.answeredCallIds).toHaveLength(118);
    expect(pairs.orphanResults).toEqual([]);
    expect(pairs.unansweredCalls).toEqual([]);
  });

  it('keeps base instructions as the system prompt and finds the one typed turn through its user_message event', () => {
    expect(transcript.system?.blocks).toEqual([{ kind: 'text', text: '[REDACTED_TEXT len=13131 sha=036b7e47]' }]);
    const human = transcript.messages.filter((message) => message.origin === 'human');
    expect(human.map((message) => message.blocks)).toEqual([[{ kind: 'text', text: '[REDACTED_TEXT len=115 sha=a83ebe6f]' }]]);
  });

  it('gives each of the 28 model calls its own deduplicated token_count usage', () => {
    const withUsage = transcript.messages.filter((message) => message.usage);
    expect(withUsage).toHaveLength(28);
    expect(withUsage.every((message) => message.role === 'assistant')).toBe(true);
    expect(withUsage[0].usage).toEqual({
      inputTokens: 17102, cacheReadTokens: 3456, outputTokens: 281, reasoningTokens: 141, totalTokens: 17383, contextTokens: 17102,
    });
  });

  it('reads logged usage, model and session details', () => {
    expect(transcript.meta.loggedUsage).toMatchObject({
      lastContextTokens: 108869, contextWindow: 258400, totalInputTokens: 1751428, totalOutputTokens: 14600,
    });
    expect(transcript.meta.model).toBe('gpt-5.3-codex');
    expect(transcript.id).toBe('019c8a4d-8f45-7010-8b5d-7fad920aa6f9');
    expect(transcript.meta.details).toMatchObject({ cliVersion: '0.104.0-alpha.1', originator: 'Codex Desktop', gitBranch: 'main' });
  });
});
