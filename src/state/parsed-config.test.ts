import { describe, expect, it } from 'vitest';
import { configTextProblem, parseConfig } from './parsed-config';

describe('parseConfig', () => {
  it('quotes the parser’s own words beside the located message', () => {
    const problem = parseConfig('{\n  "window": 5\n  "force": true\n}').syntaxProblem;
    expect(problem?.parserMessage).toContain(problem?.message ?? '-');
    expect(problem?.message).not.toMatch(/position/);
    expect(problem?.parserMessage).toMatch(/position/);
  });
});

describe('configTextProblem', () => {
  it('says whose config is not JSON, or what it is instead of an object; nothing for a JSON object', () => {
    expect(configTextProblem(parseConfig('{oops'), "Variant B's config")).toMatch(/^Variant B's config is not valid JSON: /);
    expect(parseConfig('[1, 2]')).toEqual({ text: '[1, 2]', notAnObject: 'an array', profile: undefined });
    expect(configTextProblem(parseConfig('[1, 2]'))).toBe('The config is not a JSON object ({"profile": …}) but an array.');
    expect(configTextProblem(parseConfig('{"profile":"two-tier"}'))).toBeUndefined();
  });
});
