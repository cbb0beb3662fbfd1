import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import type { Transcript } from '../transcript/model';
import { parseDocument } from './parse-document';
import { plainTextImporter } from './plain-text';

const fixture = (name: string): string => readFileSync(new URL(`../../../e2e/fixtures/transcripts/hand-written/${name}`, import.meta.url), 'utf8');
const read = (text: string) => plainTextImporter.read(parseDocument(text), { fileName: 'paste.txt' });
const turns = (transcript: Transcript) => transcript.messages.map((message) => [message.role, message.blocks[0].kind === 'text' ? message.blocks[0].text : '']);

describe('plainTextImporter on a labelled support chat', () => {
  const text = fixture('plain-text__support-chat.txt');
  const output = read(text);
  const transcript = output.transcripts[0];

  it('is a low-confidence importer that takes the paste', () => {
    expect(plainTextImporter.confidence).toBe('low');
    expect(plainTextImporter.detect(parseDocument(text))).toBe(true);
    expect(output.errors).toEqual([]);
  });

  it('splits on labels, keeps multi-line turns whole and moves the leading system line out', () => {
    expect(transcript.system?.blocks).toEqual([{ kind: 'text', text: 'You are a helpful support agent for Acme Cloud. Never share internal ticket numbers.' }]);
    expect(transcript.messages.map((message) => message.role)).toEqual(['user', 'assistant', 'tool', 'assistant', 'user', 'assistant']);
    expect(turns(transcript)[1][1]).toBe(
      'Exit code 137 means the process was killed with SIGKILL, usually by the out-of-memory killer.\nCheck the memory limit of your service:\n\n    acme services describe web --format json | jq .resources.memory',
    );
    expect(transcript.messages[4].sourceRef).toEqual({ line: 13, index: 6 });
  });

  it('says the tool output cannot be linked', () => {
    expect(output.warnings).toEqual([{ message: 'tool output in a text paste has no call ids; it is kept as text and not linked to a call' }]);
  });
});

describe('plainTextImporter on a markdown export', () => {
  const output = read(fixture('plain-text__markdown-export.md'));
  const transcript = output.transcripts[0];

  it('reads heading and bold labels, and the title heading as the title', () => {
    expect(transcript.meta.title).toBe('Conversation exported 2025-03-02');
    expect(turns(transcript)).toEqual([
      ['user', 'Can you summarise the three main causes of the 2008 financial crisis in one line each?'],
      ['assistant', expect.stringMatching(/^1\. \*\*Subprime lending\*\*: .*\n2\. .*\n3\. \*\*Leverage\*\*: banks held thin capital buffers, so losses cascaded\.$/)],
      ['user', 'And which one do economists weigh most?'],
      ['assistant', 'Most point to leverage, because it turned housing losses into a banking panic.'],
    ]);
    expect(output.warnings).toEqual([]);
  });
});

describe('plainTextImporter edge cases', () => {
  it('reads text without labels as one user message', () => {
    const output = read('  Please review this paragraph.\nIt has two lines.  ');
    expect(turns(output.transcripts[0])).toEqual([['user', 'Please review this paragraph.\nIt has two lines.']]);
    expect(output.warnings).toEqual([{ message: 'no speaker labels found: the whole text is one user message' }]);
  });

  it('reads Human/AI and ChatGPT "said" labels, and text before the first label', () => {
    const output = read('Context pasted first\n\nHuman: hi\n\nAI: hello\nYou said:\nthanks\nChatGPT said:\nany time');
    expect(turns(output.transcripts[0])).toEqual([['user', 'Context pasted first'], ['user', 'hi'], ['assistant', 'hello'], ['user', 'thanks'], ['assistant', 'any time']]);
    expect(output.warnings).toEqual([{ message: 'text before the first speaker label read as a user message', line: 1 }]);
  });

  it('takes a paste whose tool output line is JSON, but not JSON that failed to parse or empty text', () => {
    const paste = 'User: status?\nTool:\n{"ok": true}\nAssistant: all good';
    expect(parseDocument(paste).kind).toBe('text');
    expect(plainTextImporter.detect(parseDocument(paste))).toBe(true);
    expect(read(paste).transcripts[0].messages.map((message) => message.role)).toEqual(['user', 'tool', 'assistant']);
    expect(plainTextImporter.detect(parseDocument('{"messages": [1, 2'))).toBe(false);
    expect(plainTextImporter.detect(parseDocument('   \n '))).toBe(false);
    expect(plainTextImporter.detect(parseDocument('[{"role":"user","content":"hi"}]'))).toBe(false);
  });

  it('skips an empty label with a located warning', () => {
    const output = read('User: hi\nAssistant:\nUser: still there?');
    expect(output.transcripts[0].messages).toHaveLength(2);
    expect(output.warnings).toEqual([{ message: '"assistant" label with no text; skipped', line: 2 }]);
  });
});

describe('plainTextImporter on hostile lines', () => {
  it('reads a heading-like line padded with a megabyte of spaces (the heading pattern is linear)', () => {
    const paste = `User: hi\n### user${' '.repeat(1_000_000)}x\nAssistant: hello`;
    const output = plainTextImporter.read(parseDocument(paste), {});
    expect(output.transcripts[0].messages.map((message) => message.role)).toEqual(['user', 'assistant']);
  });
});
