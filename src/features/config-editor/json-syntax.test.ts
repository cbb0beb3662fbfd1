import { describe, expect, it } from 'vitest';
import { parseConfig } from '../../state/parsed-config';
import { describeJsonProblem } from './json-syntax';

describe('parseConfig', () => {
  it('parses valid JSON', () => {
    expect(parseConfig('{"window": 5}')).toMatchObject({ document: { window: 5 } });
    expect(parseConfig('{"window": 5}').syntaxProblem).toBeUndefined();
  });

  it('locates a syntax error by line and column', () => {
    const problem = parseConfig('{\n  "window": 5\n  "force": true\n}').syntaxProblem;
    if (!problem) throw new Error('expected a problem');
    expect(problem).toMatchObject({ line: 3, column: 3 });
    expect(describeJsonProblem(problem)).toMatch(/^Line 3, column 3: /);
    expect(problem.message).not.toContain('position');
  });

  it('places an unfinished document at its end', () => {
    const problem = parseConfig('{\n  "window": 5,').syntaxProblem;
    if (!problem) throw new Error('expected a problem');
    expect(problem.line).toBe(2);
  });
});
