import { describe, expect, it } from 'vitest';
import { applyOverride } from './set-path';

describe('applyOverride', () => {
  it('sets a nested field from a JSON value without touching the input', () => {
    const input = { profile: 'two-tier', keepLast: 12, prompts: { summary: 'x' } };
    const result = applyOverride(input, 'prompts.update=["a",1]');
    expect(result).toEqual({ config: { profile: 'two-tier', keepLast: 12, prompts: { summary: 'x', update: ['a', 1] } } });
    expect(input.prompts).toEqual({ summary: 'x' });
  });

  it('takes numbers, booleans and null as JSON, and anything else as a string', () => {
    expect(applyOverride({}, 'window=128000')).toEqual({ config: { window: 128000 } });
    expect(applyOverride({}, 'force=true')).toEqual({ config: { force: true } });
    expect(applyOverride({}, 'hardLimitTokens=null')).toEqual({ config: { hardLimitTokens: null } });
    expect(applyOverride({}, 'compactStrategy=llm')).toEqual({ config: { compactStrategy: 'llm' } });
  });

  it('says what is wrong with a malformed override', () => {
    expect(applyOverride({}, 'window')).toEqual({ error: { override: 'window', message: 'expected path=value, e.g. window=128000' } });
    expect(applyOverride({}, 'a..b=1')).toMatchObject({ error: { message: 'invalid path "a..b"' } });
    expect(applyOverride({}, '__proto__.polluted=1')).toMatchObject({ error: { message: 'invalid path "__proto__.polluted"' } });
  });
});
