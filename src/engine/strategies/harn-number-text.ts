/**
 * How seed 3's Rust writes a float, in the two places a callback's value becomes text: harn's `display()` (Rust's
 * `{}` and `{:.1}`) and `serde_json`'s writer (the `zmij` crate in the lock file at the followed commit). Both start
 * from the shortest digits that read back to the same float, which JavaScript's own number printing also finds.
 */

interface ShortestDigits {
  negative: boolean;
  /** Significant digits without leading or trailing zeros ('0' for zero). */
  digits: string;
  /** The power of ten of the first digit. */
  exponent: number;
}

function shortestDigits(value: number): ShortestDigits {
  const negative = value < 0 || Object.is(value, -0);
  if (value === 0) return { negative, digits: '0', exponent: 0 };
  const [mantissa, power] = Math.abs(value).toExponential().split('e');
  return { negative, digits: mantissa.replace('.', ''), exponent: Number(power) };
}

/** The digits written out without an exponent; `pointZero` adds `.0` to a whole number (serde_json's habit). */
function plain({ digits, exponent }: ShortestDigits, pointZero: boolean): string {
  if (exponent >= digits.length - 1) return `${digits}${'0'.repeat(exponent - digits.length + 1)}${pointZero ? '.0' : ''}`;
  if (exponent >= 0) return `${digits.slice(0, exponent + 1)}.${digits.slice(exponent + 1)}`;
  return `0.${'0'.repeat(-exponent - 1)}${digits}`;
}

/**
 * Harn's `display()` of a float: a whole number under 1e15 as `{:.1}` (`3.0`), anything else as Rust's `{}`, which
 * never uses an exponent (`0.0000001`, `18446744073709552000`); `NaN`, `inf`, `-inf` for the rest.
 */
export function harnFloatDisplay(value: number): string {
  if (Number.isNaN(value)) return 'NaN';
  if (!Number.isFinite(value)) return value > 0 ? 'inf' : '-inf';
  const parts = shortestDigits(value);
  const sign = parts.negative ? '-' : '';
  // Rust's `n == (n as i64) as f64`: the cast saturates, so only whole numbers inside i64 compare equal.
  const isWhole = Number.isInteger(value) && Math.abs(value) <= 2 ** 63;
  if (isWhole && Math.abs(value) < 1e15) return `${sign}${plain(parts, true)}`;
  return `${sign}${plain(parts, false)}`;
}

/**
 * `serde_json`'s float text (zmij): plain when the first digit's power of ten is in −5…15 (whole numbers end in
 * `.0`), else `d.ddde+N` / `de-N`.
 */
export function serdeJsonFloat(value: number): string {
  const parts = shortestDigits(value);
  const sign = parts.negative ? '-' : '';
  const { digits, exponent } = parts;
  if (exponent >= -5 && exponent <= 15) return `${sign}${plain(parts, true)}`;
  const fraction = digits.length > 1 ? `.${digits.slice(1)}` : '';
  return `${sign}${digits[0]}${fraction}e${exponent >= 0 ? '+' : '-'}${Math.abs(exponent)}`;
}
