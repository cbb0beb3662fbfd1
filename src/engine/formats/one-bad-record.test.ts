import { describe, expect, it } from 'vitest';
import type { Transcript } from '../transcript/model';
import { readFixture } from './fixture-files.test-support';
import { importText } from './import-text';

/** Every message a run holds, the system prompt counted. */
function messageCount(text: string): number | undefined {
  const transcript = importText(text, { fileName: 'damaged' }).transcripts[0];
  return transcript ? transcript.messages.length + (transcript.system ? 1 : 0) : undefined;
}

describe('one record with an odd content shape costs only itself (issue 25 item 7)', () => {
  const chat = 'hand-written/openai-chat__weather-agent.json';

  it.each([[[1], '1'], [[[]], 'an array'], [[null], 'null']])('an OpenAI Chat message whose content is %j keeps the file, less that part', (content, described) => {
    const root = JSON.parse(readFixture(chat)) as { messages: Record<string, unknown>[] };
    const whole = messageCount(JSON.stringify(root));
    root.messages[5].content = content;
    const result = importText(JSON.stringify(root), { fileName: 'damaged' });
    expect(result.report.format).toBe('openai-chat');
    expect(messageCount(JSON.stringify(root))).toBe(whole);
    expect(result.report.warnings).toContainEqual({
      message: `content part is ${described}, not a text or content-part object; part skipped`,
      path: 'messages[5].content[0]',
    });
  });

  const gemini = 'hand-written/gemini-contents__repo-audit.json';

  it.each([
    ['a string', 'user audit request', 'warnings', 'parts is a string, not a list; read as one part'],
    ['an object', { text: 'a lone part' }, 'warnings', 'parts is an object, not a list; read as one part'],
    ['a number', 42, 'errors', 'parts is 42, not a list of parts; content skipped'],
  ] as const)('a Gemini content whose parts is %s keeps the other contents and says where', (_, parts, kind, message) => {
    const root = JSON.parse(readFixture(gemini)) as { contents: Record<string, unknown>[] };
    root.contents[2].parts = parts;
    const result = importText(JSON.stringify(root), { fileName: 'damaged' });
    expect(result.report.format).toBe('gemini-contents');
    expect(result.report[kind]).toContainEqual({ message, path: 'contents[2].parts' });
    const ids = result.transcripts[0].messages.map((entry) => entry.id);
    expect(ids).toEqual(expect.arrayContaining(['content-0', 'content-1', 'content-3', 'content-4']));
  });
});

describe('a legacy Codex rollout whose header line is not first still imports (issue 25 item 7)', () => {
  const lines = readFixture('hand-written/codex-legacy.jsonl').split('\n');
  const whole = importText(lines.join('\n')).transcripts[0];
  // Message ids name source lines, which move when a line does; what was said, by whom, must not.
  const said = (transcript: Transcript) => transcript.messages.map((message) => [message.role, message.blocks]);

  it.each([
    ['swapped with the next line', [lines[1], lines[0], ...lines.slice(2)]],
    ['after a stray {} line', ['{}', ...lines]],
  ])('header %s: every message, and the session id and instructions', (_, edited) => {
    const result = importText(edited.join('\n'));
    expect(result.report.format).toBe('codex');
    const transcript = result.transcripts[0];
    expect(said(transcript)).toEqual(said(whole));
    expect(transcript.id).toBe(whole.id);
    expect(transcript.system?.blocks).toEqual(whole.system?.blocks);
  });

  it('header deleted: every message, and a warning that the session id and instructions are unknown', () => {
    const result = importText(lines.slice(1).join('\n'));
    expect(result.report.format).toBe('codex');
    expect(said(result.transcripts[0])).toEqual(said(whole));
    expect(result.report.warnings).toContainEqual({ message: expect.stringMatching(/^no session header line .* unknown$/) });
  });
});

describe('a raw NUL byte in one line of a JSONL file costs that line (issue 25 item 7)', () => {
  it('a real Claude Code session keeps every other line, and the report says which line was skipped', () => {
    const lines = readFixture('claude-code__tool_heavy.jsonl').split('\n');
    const whole = importText(lines.join('\n'));
    const hit = lines.findIndex((line, index) => index > 5 && line.includes('"type":"assistant"'));
    lines[hit] = lines[hit].replace('"type":"assistant"', '"type":"assi\u0000stant"');
    const result = importText(lines.join('\n'));
    expect(result.report.format).toBe('claude-code');
    expect(result.report.skippedLines).toBe(1);
    expect(result.report.errors[0]).toMatchObject({ line: hit + 1, message: expect.stringMatching(/line skipped/) });
    expect(result.transcripts[0].messages.length).toBeGreaterThanOrEqual(whole.transcripts[0].messages.length - 1);
  });
});

describe('a Claude Code parentUuid that points out of the file is bridged, not a cut (issue 25 item 7)', () => {
  it('a real session whose late line names a parent not in the file keeps every earlier message, and says where', () => {
    const lines = readFixture('claude-code__tool_heavy.jsonl').split('\n');
    const whole = importText(lines.join('\n')).transcripts[0];
    // The last typed prompt: every message of the session above it hangs on it through the walk from the leaf.
    const hit = lines.findLastIndex((line) => line.includes('"type":"user"') && line.includes('"content":"'));
    expect(hit).toBeGreaterThan(lines.length / 2);
    const record = JSON.parse(lines[hit]) as Record<string, unknown>;
    expect(typeof record.parentUuid).toBe('string');
    record.parentUuid = '00000000-0000-4000-8000-000000000000';
    lines[hit] = JSON.stringify(record);
    const result = importText(lines.join('\n'));
    expect(result.transcripts[0].messages.map((message) => message.id)).toEqual(whole.messages.map((message) => message.id));
    expect(result.report.warnings).toContainEqual({
      message: expect.stringMatching(new RegExp(`^Line ${hit + 1}: parent 00000000-0000-4000-8000-000000000000 is not in this file; joined to line \\d+, the message line before it in file order\\.$`)),
      line: hit + 1,
    });
    expect(result.report.warnings.map((warning) => warning.message).join('\n')).not.toMatch(/abandoned|earlier branch/);
  });
});
