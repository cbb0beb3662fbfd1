import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { pairToolCalls } from '../../transcript/tool-pairs';
import { claudeCodeImporter } from './claude-code';
import { parseDocument } from '../parse-document';

const handWritten = fileURLToPath(new URL('../../../../e2e/fixtures/transcripts/hand-written/', import.meta.url));

function load(name: string) {
  const parsed = parseDocument(readFileSync(handWritten + name, 'utf8'));
  const output = claudeCodeImporter.read(parsed, { fileName: name });
  return { parsed, output, transcript: output.transcripts[0] };
}

describe('claudeCodeImporter: split responses, out-of-order results, a broken line', () => {
  const { parsed, output, transcript } = load('claude-code-split-out-of-order.jsonl');

  it('survives the truncated line 10 (located by the parser) and reports the unknown record type', () => {
    expect(parsed.kind === 'jsonl' && parsed.badLines.map((issue) => issue.line)).toEqual([10]);
    expect(claudeCodeImporter.detect(parsed)).toBe(true);
    expect(output.errors).toEqual([]);
    expect(output.warnings).toEqual([{ message: expect.stringContaining('"worktree-state"'), line: 12 }]);
  });

  it('builds one message per API response and one tool message per result line, in file order', () => {
    expect(transcript.messages.map((message) => `${message.id}:${message.role}/${message.origin}`)).toEqual([
      'c0a9-u1:user/human',
      'c0a9-u2:user/injected',
      'c0a9-a1:assistant/model',
      'c0a9-r1:tool/tool',
      'c0a9-r2:tool/tool',
      'c0a9-a5:assistant/model',
      'c0a9-r3:tool/tool',
      'c0a9-a7:assistant/model',
      'c0a9-r4:tool/tool',
      'c0a9-u3:user/human',
      'c0a9-a9:assistant/model',
    ]);
  });

  it('takes the usage of a split response once, from its last line', () => {
    const first = transcript.messages[2];
    expect(first.blocks.map((block) => block.kind)).toEqual(['thinking', 'text', 'tool_call', 'tool_call']);
    expect(first.usage).toEqual({ inputTokens: 3, outputTokens: 184, cacheReadTokens: 9000, cacheWriteTokens: 1200, contextTokens: 10203 });
    expect(first.blocks[0]).toEqual({
      kind: 'thinking',
      text: 'CI runs in UTC-5 maybe; a Date built from an ISO date string is UTC midnight.',
      signature: 'EqMBCkYIBRgCKkBsig',
    });
    expect(transcript.meta.loggedUsage?.lastContextTokens).toBe(12552);
    expect(transcript.meta.loggedUsage?.totalOutputTokens).toBe(184 + 131 + 58 + 27);
  });

  it('links results that come back out of order, keeping the error flag and array content', () => {
    const pairs = pairToolCalls(transcript.messages);
    expect(pairs.answeredCallIds).toEqual(['toolu_01ReadTest', 'toolu_01RunTest', 'toolu_01EditTest', 'toolu_01Rerun']);
    expect(pairs.resultIndexesById.get('toolu_01ReadTest')).toEqual([4]);
    expect(pairs.resultIndexesById.get('toolu_01RunTest')).toEqual([3]);
    expect(transcript.messages[3].blocks[0]).toMatchObject({ kind: 'tool_result', isError: true });
    expect(transcript.messages[4].blocks[0]).toMatchObject({ kind: 'tool_result', isError: false, content: expect.stringMatching(/^1\timport/) });
  });

  it('reads redacted thinking, a pasted image and the session title', () => {
    expect(transcript.messages[7].blocks[0]).toEqual({ kind: 'thinking', text: '', isRedacted: true });
    expect(transcript.messages[9].blocks[1]).toEqual({ kind: 'image', mediaType: 'image/png', source: 'base64', byteLength: 70 });
    expect(transcript.meta.title).toBe('Fix flaky date formatting test');
  });
});

describe('claudeCodeImporter: an edit that rewinds the conversation', () => {
  const { output, transcript } = load('claude-code-rewind.jsonl');

  it('keeps the branch of the last leaf and drops the abandoned one, saying how many lines it dropped', () => {
    expect(transcript.messages.map((message) => message.id)).toEqual([
      'd1-u1', 'd1-a1', 'd1-r1', 'd1-a2', 'd1-r2', 'd1-a4', 'd1-u3', 'd1-a6', 'd1-r3', 'd1-a7',
    ]);
    expect(output.warnings.map((warning) => warning.message)).toEqual([
      expect.stringMatching(/^2 message line\(s\) on abandoned branches/),
      expect.stringMatching(/^1 repeated line\(s\) with an already seen uuid/),
    ]);
    expect(transcript.meta.title).toBe('deploy --plan flag');
  });
});

describe('claudeCodeImporter: manual compaction and sidechain lines in a main file', () => {
  const { transcript } = load('claude-code-manual-compact.jsonl');

  it('reads snake_case compact metadata, post tokens and the summary message', () => {
    expect(transcript.markers).toEqual([{
      atIndex: 8,
      kind: 'compact_boundary',
      trigger: 'manual',
      tokensBefore: 48210,
      tokensAfter: 3120,
      summaryMessageId: 'e2-sum',
      summaryText: expect.stringMatching(/callers are src\/cli.ts:14 and src\/server.ts:31\.$/),
    }]);
    expect(transcript.messages[8]).toMatchObject({ id: 'e2-sum', origin: 'summary' });
  });

  it('flags the subagent lines as sidechain so tool pairing only looks at the main line', () => {
    expect(transcript.messages.filter((message) => message.isSidechain).map((message) => message.id)).toEqual([
      'e2-s1', 'e2-s2', 'e2-s3', 'e2-s4',
    ]);
    expect(pairToolCalls(transcript.messages).toolCallIds).toEqual(['toolu_01CpTask']);
    expect(transcript.meta.model).toBe('claude-sonnet-4-5-20250929');
  });
});
