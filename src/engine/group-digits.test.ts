import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { groupDigits } from './group-digits';

describe('groupDigits', () => {
  it('writes every number exactly as toLocaleString("en-US") does', () => {
    for (const value of [0, -0, 7, 999, 1000, -1000, 1_234_567, Number.MAX_SAFE_INTEGER, -Number.MAX_SAFE_INTEGER, 2 ** 60, 1234.5678, Number.NaN, Number.POSITIVE_INFINITY]) {
      expect(groupDigits(value)).toBe(value.toLocaleString('en-US'));
    }
    fc.assert(fc.property(fc.oneof(fc.integer({ min: -1e12, max: 1e12 }), fc.maxSafeInteger(), fc.double()), (value) => groupDigits(value) === value.toLocaleString('en-US')));
  });
});
