import { describe, expect, it } from 'vitest';
import { harnDisplay, harnPrettyJson, isRustBlank, rustTrim } from './harn-display';
import { harnFloatDisplay, serdeJsonFloat } from './harn-number-text';
import { compareUtf8, toHarnValue } from './harn-value';

describe('harn values read from JavaScript, and their text', () => {
  it('numbers: int when JSON would write an i64 literal, else float; NaN and infinities become nil', () => {
    expect(toHarnValue(3)).toEqual({ kind: 'int', text: '3' });
    expect(toHarnValue(-0)).toEqual({ kind: 'int', text: '0' });
    expect(toHarnValue(0.5)).toEqual({ kind: 'float', value: 0.5 });
    expect(toHarnValue(2 ** 63)).toEqual({ kind: 'float', value: 2 ** 63 });
    expect(toHarnValue(Number.NaN)).toEqual({ kind: 'nil' });
    expect(toHarnValue(-Infinity)).toEqual({ kind: 'nil' });
    expect(toHarnValue(12n)).toEqual({ kind: 'int', text: '12' });
    expect(toHarnValue(2n ** 64n)).toEqual({ kind: 'float', value: 2 ** 64 });
    // Past the largest float a bigint is an infinity, which JSON cannot carry: nil, as NaN is.
    expect(toHarnValue(10n ** 400n)).toEqual({ kind: 'nil' });
    expect(toHarnValue(-(10n ** 400n))).toEqual({ kind: 'nil' });
  });

  it('JSON semantics for objects: toJSON, boxed primitives, left-out keys, nil list holes', () => {
    const date = new Date(Date.UTC(2026, 3, 30));
    expect(harnDisplay(toHarnValue({ when: date, boxed: new String('s'), skip: undefined, fn: () => 1, list: [undefined, () => 1] }))).toBe(
      '{boxed: s, list: [nil, nil], when: 2026-04-30T00:00:00.000Z}',
    );
    expect(toHarnValue(undefined)).toEqual({ kind: 'nil' });
  });

  it('keys sort by UTF-8 bytes, not UTF-16 units', () => {
    expect(['😀', 'Ａ', 'b', 'B'].sort(compareUtf8)).toEqual(['B', 'b', 'Ａ', '😀']);
  });

  it("harn's float display: {:.1} for whole numbers under 1e15, Rust's exponent-free {} otherwise", () => {
    expect(harnFloatDisplay(3)).toBe('3.0');
    expect(harnFloatDisplay(-0)).toBe('-0.0');
    expect(harnFloatDisplay(1e15)).toBe('1000000000000000');
    expect(harnFloatDisplay(-0.000001)).toBe('-0.000001');
    expect(harnFloatDisplay(123.456)).toBe('123.456');
    expect(harnFloatDisplay(Number.NaN)).toBe('NaN');
    expect(harnFloatDisplay(-Infinity)).toBe('-inf');
  });

  it("serde_json's float text: plain for powers −5…15, exponent with a sign outside", () => {
    expect(serdeJsonFloat(0.00001)).toBe('0.00001');
    expect(serdeJsonFloat(0.000001)).toBe('1e-6');
    expect(serdeJsonFloat(-0.00000123)).toBe('-1.23e-6');
    expect(serdeJsonFloat(1e15)).toBe('1000000000000000.0');
    expect(serdeJsonFloat(123456.789)).toBe('123456.789');
    expect(serdeJsonFloat(1.5e16)).toBe('1.5e+16');
    expect(serdeJsonFloat(0)).toBe('0.0');
  });

  it('pretty JSON nests with two spaces and writes empty containers inline', () => {
    expect(harnPrettyJson(toHarnValue({ b: [], a: [{}, 'x\t'] }))).toBe('{\n  "a": [\n    {},\n    "x\\t"\n  ],\n  "b": []\n}');
  });

  it('Rust-blank: U+0085 is white space, U+FEFF is not', () => {
    expect(isRustBlank(' \u0085\u3000\n')).toBe(true);
    expect(isRustBlank('\ufeff')).toBe(false);
    expect(isRustBlank('')).toBe(true);
    expect(rustTrim('\u0085 \ufeffa b\ufeff\u2028')).toBe('\ufeffa b\ufeff');
  });
});
