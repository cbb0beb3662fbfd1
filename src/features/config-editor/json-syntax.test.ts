import { describe, expect, it } from 'vitest';
import { describeJsonProblem, parseConfigJson } from './json-syntax';

describe('parseConfigJson', () => {
  it('parses valid JSON', () => {
    expect(parseConfigJson('{"window": 5}')).toEqual({ document: { window: 5 } });
  });

  it('locates a syntax error by line and column', () => {
    const result = parseConfigJson('{\n  "window": 5\n  "force": true\n}');
    expect(result).toHaveProperty('problem');
    if (!('problem' in result)) return;
    expect(result.problem).toMatchObject({ line: 3, column: 3 });
    expect(describeJsonProblem(result.problem)).toMatch(/^Line 3, column 3: /);
    expect(result.problem.message).not.toContain('position');
  });

  it('places an unfinished document at its end', () => {
    const result = parseConfigJson('{\n  "window": 5,');
    if (!('problem' in result)) throw new Error('expected a problem');
    expect(result.problem.line).toBe(2);
  });
});
