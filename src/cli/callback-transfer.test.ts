import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { readMaskOverrides, toHarnValue } from '../engine';
import { resultOfReply, transferableResult, type CallbackKind } from './callback-transfer';

/** What the profile reads of a value once it has crossed the thread boundary (a structured clone, as `postMessage` makes). */
function acrossThreads(kind: CallbackKind, value: unknown): unknown {
  return resultOfReply(structuredClone(transferableResult(kind, value)));
}

/** The harn value a custom compactor's result reads as, or the reason it cannot be read. */
function harnReading(value: unknown): unknown {
  try {
    return { value: toHarnValue(value) };
  } catch (error) {
    return { error: (error as Error).message };
  }
}

/** Any value a callback might return, functions, boxed primitives, bigints, sparse arrays and null prototypes included. */
const returned = fc.anything({ withBigInt: true, withBoxedValues: true, withDate: true, withMap: true, withSet: true, withNullPrototype: true, withObjectString: true, withSparseArray: true, withTypedArray: true, maxDepth: 4 });
const withFunctions = fc.oneof(returned, fc.dictionary(fc.string(), fc.oneof(returned, fc.constant(() => 1), fc.constant(Symbol('s')), fc.constant(undefined))), fc.array(fc.oneof(returned, fc.constant(() => 1), fc.constant(undefined))));

describe('callback results reduced to what the profile reads, then structured-cloned', () => {
  it('a custom compactor’s value reads as the same harn value (or fails for the same reason)', () => {
    fc.assert(
      fc.property(withFunctions, (value) => {
        expect(harnReading(acrossThreads('custom', value))).toEqual(harnReading(value));
      }),
      { seed: 1414, numRuns: 400 },
    );
  });

  it('a mask callback’s value gives the same overrides, and a compress callback’s the same string or fallback', () => {
    fc.assert(
      fc.property(withFunctions, (value) => {
        expect(readMaskOverrides(acrossThreads('mask', value))).toEqual(readMaskOverrides(value));
        const compressed = acrossThreads('compress', value);
        expect(typeof compressed === 'string' && compressed.length > 0 ? compressed : undefined).toEqual(typeof value === 'string' && value.length > 0 ? value : undefined);
      }),
      { seed: 1415, numRuns: 400 },
    );
  });

  it('keeps what JSON keeps and drops what it drops: toJSON, boxed values, functions, huge and cyclic values', () => {
    const cycle: Record<string, unknown> = { summary: 's' };
    cycle.self = cycle;
    const cases: unknown[] = [
      { summary: 's', dropped: () => 1, gone: undefined },
      [1, () => 2, undefined, Number.NaN, -0, 2 ** 64, 10n, 2n ** 70n, 2n ** 1100n, -(2n ** 1100n)],
      { toJSON: () => ({ text: 'from toJSON' }) },
      Object.fromEntries([['__proto__', 1], ['é', 2], ['10', 3]]),
      cycle,
      {
        toJSON() {
          throw new Error('no JSON');
        },
      },
    ];
    for (const value of cases) expect(harnReading(acrossThreads('custom', value))).toEqual(harnReading(value));
    expect(harnReading(acrossThreads('custom', cycle))).toEqual({ error: 'the value contains a cycle, which a harn value cannot' });
  });
});
