import { describe, expect, it, vi } from 'vitest';
import { readFixture, seededRandom } from './fixture-files.test-support';
import { MAX_INPUT_BYTES, MAX_INPUT_LINES, refuseInput } from './import-limits';
import { importText } from './import-text';

describe('refuseInput', () => {
  it('accepts ordinary text', () => {
    expect(refuseInput('{"messages": []}')).toBeUndefined();
  });
  it('refuses empty input', () => {
    expect(refuseInput('  \n')).toMatch(/empty/);
  });
  it('refuses binary input', () => {
    expect(refuseInput('PNG\u0000\u0000data')).toMatch(/binary/);
  });
  it('refuses a PNG header and a body of random bytes read as UTF-8 (mostly binary)', () => {
    const png = new TextDecoder().decode(new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 0x0d, 0x49, 0x48, 0x44, 0x52]));
    expect(refuseInput(png)).toMatch(/binary file/);
    const random = seededRandom(25);
    const bytes = Uint8Array.from({ length: 200_000 }, () => Math.floor(random() * 256));
    expect(refuseInput(new TextDecoder().decode(bytes))).toMatch(/binary file/);
  });
  it('does not refuse text with a NUL byte in one line, nor a text file whose head alone is junk (issue 25 item 7)', () => {
    const lines = readFixture('claude-code__tool_heavy.jsonl').split('\n');
    lines[3] = lines[3].replace('"type"', '"ty\u0000pe"');
    expect(refuseInput(lines.join('\n'))).toBeUndefined();
    expect(refuseInput(`${'\u0000'.repeat(9000)}\n${lines.join('\n')}`)).toBeUndefined();
  });
  it('refuses more lines than the limit, and takes the limit itself', () => {
    expect(refuseInput('{}\n'.repeat(MAX_INPUT_LINES))).toBeUndefined();
    expect(refuseInput('{}\n'.repeat(MAX_INPUT_LINES + 1))).toBe(
      'Too many lines: the input has more than 1,000,000 lines (the limit). Real transcripts have far fewer; split the file if it really is one.',
    );
  });
  it('refuses 3.5 million two-character lines before parsing any of them (issue 25 item 8)', () => {
    const parse = vi.spyOn(JSON, 'parse');
    const result = importText('{}\n'.repeat(3_500_000));
    expect(parse).not.toHaveBeenCalled();
    parse.mockRestore();
    expect(result.report.errors).toEqual([{ message: expect.stringMatching(/^Too many lines/) }]);
  });
  it('names the limit when refusing an oversized file', () => {
    expect(refuseInput('x', MAX_INPUT_BYTES + 1)).toMatch(/exceeds the 256 MB limit/);
  });
});
