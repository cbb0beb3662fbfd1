import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { maskSecret } from '../engine/config/secret-scan';
import { printable, printableLine, quoted } from './terminal-text';

const key = 'sk-proj-Ab3dEf6hIj9kLm2nOp5qRs8tUv1wXy4zAb7dEf0hIj3kLm6nOp9q';

describe('text for the terminal (issue 14 items 3 and 12)', () => {
  it('escapes what a terminal would act on, keeps newlines and tabs, and masks keys', () => {
    expect(printable(`a\u001b[2Jb\u009b1mc\u202ed\r\ne\tf ${key}`)).toBe(`a\\u001b[2Jb\\u009b1mc\\u202ed\\u000d\ne\tf ${maskSecret(key)}`);
  });

  it('makes one line of anything', () => {
    expect(printableLine('file\nname\t.json: x')).toBe('file\\u000aname\\u0009.json: x');
  });

  it('quotes input short, masked and escaped', () => {
    expect(quoted('x'.repeat(100), 10)).toBe(`"${'x'.repeat(10)}…"`);
    expect(quoted(`--${key}`)).toBe(`"--${maskSecret(key)}"`);
  });

  it('leaves JSON output valid JSON holding the same values, with no raw control character', () => {
    fc.assert(
      fc.property(fc.jsonValue(), fc.string({ unit: 'binary' }), (value, text) => {
        const document = { value, text };
        const printed = printable(JSON.stringify(document, null, 2));
        // eslint-disable-next-line no-control-regex -- the point is that none is left raw
        expect(printed).not.toMatch(/[\u0000-\u0008\u000b-\u001f\u007f-\u009f\u2028\u2029\u202a-\u202e\u2066-\u2069]/);
        expect(JSON.parse(printed)).toEqual(JSON.parse(JSON.stringify(document)));
      }),
      { seed: 1414, numRuns: 300 },
    );
  });
});
