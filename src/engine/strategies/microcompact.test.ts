import { describe, expect, it } from 'vitest';
import { utf8QuarterTokens } from '../tokens/estimate';
import { microcompactToolOutput, snapToLineEnd, snapToLineStart } from './microcompact';

describe('seed 3 microcompact_tool_output', () => {
  it('H1: a short output is unchanged', () => {
    expect(microcompactToolOutput('line1\nline2\nline3\n', 1000)).toBe('line1\nline2\nline3\n');
  });

  it('H2: 20 lines at max 200 snip in the middle and keep whole head lines', () => {
    const output = Array.from({ length: 20 }, (_, index) => `line ${String(index).padStart(2, '0')} content here`).join('\n');
    const result = microcompactToolOutput(output, 200);
    expect(result).toContain('[... ');
    const head = result.split('\n\n[... ')[0];
    for (const line of head.split('\n').filter(Boolean)) expect(line.startsWith('line ')).toBe(true);
    expect(result).toMatch(/\[\.\.\. \d+ characters snipped \.\.\.\]/);
  });

  it('H3: a file:line diagnostic survives between head and tail', () => {
    const verbose = Array.from({ length: 50 }, (_, index) => `verbose output line number ${index}`);
    const output = [...verbose, 'src/main.rs:42: error: cannot find value', ...verbose].join('\n');
    const result = microcompactToolOutput(output, 600);
    expect(result).toContain('cannot find value');
    expect(result).toContain('[diagnostic lines preserved]');
    expect(result).toContain('[... output compacted ...]');
  });

  it('H4: snap_to_line_end keeps complete lines', () => {
    const result = snapToLineEnd('line1\nline2\nline3\nline4\n', 12);
    expect(result.endsWith('\n')).toBe(true);
    expect(result).toContain('line1');
    expect(result).toBe('line1\nline2\n');
  });

  it('H5: snap_to_line_start starts on a line', () => {
    const result = snapToLineStart('line1\nline2\nline3\nline4\n', 12);
    expect(result.startsWith('line')).toBe(true);
    expect(result).toBe('line4\n');
  });

  it('H6: one 50,000-byte line at max 10,000 is snipped under 15,000', () => {
    const result = microcompactToolOutput('x'.repeat(50_000), 10_000);
    expect(result.length).toBeLessThan(15_000);
    expect(result).toContain('snipped');
    expect(result).toContain('[... 40000 characters snipped ...]');
  });

  it('H7: hello world at max 10,000 is unchanged', () => {
    expect(microcompactToolOutput('hello world', 10_000)).toBe('hello world');
  });

  it('H8: FAIL, panicked and FAILED lines are all kept', () => {
    const progress = Array.from({ length: 100 }, (_, index) => `progress step ${index} ok`);
    const lines = ['--- FAIL: TestEmpty (0.00s)', "thread 'tests::test_foo' panicked at src/lib.rs:42:5", 'FAILED tests/test_parser.py::test_empty'];
    const result = microcompactToolOutput([...progress, ...lines, ...progress].join('\n'), 2000);
    for (const line of lines) expect(result).toContain(line);
  });

  it('H9: multi-byte outputs are snipped on character boundaries', () => {
    const inputs = ['🔥'.repeat(500), `${'a'.repeat(300)}${'é'.repeat(500)}${'b'.repeat(300)}`, '中文'.repeat(500)];
    for (const input of inputs) {
      const result = microcompactToolOutput(input, 400);
      expect(result).toContain('snipped');
      expect(result).not.toContain('\uFFFD');
      expect(/[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/.test(result)).toBe(false);
    }
  });

  it('H15: microcompact.harn conformance and estimate_tokens of two 400-char messages is 200', () => {
    expect(microcompactToolOutput('hello world', 1000)).toBe('hello world');
    const long = Array.from({ length: 400 }, (_, index) => `row ${index} of a long listing`).join('\n');
    const compacted = microcompactToolOutput(long, 1000);
    expect(compacted.length < long.length).toBe(true);
    expect(compacted.includes('snipped')).toBe(true);
    expect(utf8QuarterTokens(['a'.repeat(400), 'b'.repeat(400)])).toBe(200);
    expect(utf8QuarterTokens(['abc', 'd'])).toBe(1);
  });

  it('leaves outputs alone when max is under 200', () => {
    expect(microcompactToolOutput('y'.repeat(5000), 199)).toBe('y'.repeat(5000));
  });
});
