import { describe, expect, it } from 'vitest';
import { MAX_INPUT_BYTES, refuseInput } from './import-limits';

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
  it('names the limit when refusing an oversized file', () => {
    expect(refuseInput('x', MAX_INPUT_BYTES + 1)).toMatch(/exceeds the 256 MB limit/);
  });
});
