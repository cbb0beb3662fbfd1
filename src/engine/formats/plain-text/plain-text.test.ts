import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import type { Transcript } from '../../transcript/model';
import { seededRandom } from '../fixture-files.test-support';
import { importText } from '../import-text';
import { parseDocument } from '../parse-document';
import { plainTextImporter } from './plain-text';
import { importers } from '../registry';

const fixture = (name: string): string => readFileSync(new URL(`../../../../e2e/fixtures/transcripts/hand-written/${name}`, import.meta.url), 'utf8');
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
  it('does not take text without a single speaker label, and says what it needs when asked to read it', () => {
    const text = '  Please review this paragraph.\nIt has two lines.  ';
    expect(plainTextImporter.detect(parseDocument(text))).toBe(false);
    const output = read(text);
    expect(output.transcripts).toEqual([]);
    expect(output.errors).toEqual([{ message: expect.stringMatching(/^No speaker label found: plain text is read as a conversation only with at least one speaker label/) }]);
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

describe('plain text that is not a conversation (issue 14 item 9)', () => {
  it('refuses 5 MB of random base64 as an unknown format, listing every format tried and what plain text needs', () => {
    const random = seededRandom(9);
    const alphabet = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/';
    const characters = Array.from({ length: 5 * 1_048_576 }, () => alphabet[Math.floor(random() * 64)]);
    const lines: string[] = [];
    for (let start = 0; start < characters.length; start += 76) lines.push(characters.slice(start, start + 76).join(''));
    const result = importText(lines.join('\n'), { fileName: 'garbage.txt' });
    expect(result.transcripts).toEqual([]);
    expect(result.report.format).toBeNull();
    expect(result.report.triedFormats).toEqual(importers.map((importer) => importer.label));
    expect(result.report.errors).toEqual([{ message: expect.stringMatching(/^Unknown format\. Tried: .*Plain-text conversation \(heuristic\)\. Plain text is read as a conversation only with at least one speaker label/) }]);
  });

  it('still takes garbage around one speaker label, and a labelled paste whose first line opens with a bracket', () => {
    expect(importText('x9f2Kq0\nUser: what is this blob?\nAAECAwQF').report.format).toBe('plain-text');
    const bracketFirst = importText('[draft] notes from the call\nUser: can you list the files?\nAssistant: a.ts and b.ts');
    expect(bracketFirst.report.format).toBe('plain-text');
    expect(bracketFirst.transcripts[0].messages.map((message) => message.role)).toEqual(['user', 'user', 'assistant']);
  });

  it('keeps the JSON error for JSON that did not parse and has no speaker label', () => {
    const result = importText('{\n  "messages": [\n    {"role": oops}\n  ]\n}');
    expect(result.report.errors[0].message).toMatch(/^Malformed JSON at line 3, column 14/);
  });
});

