/**
 * `value.toLocaleString('en-US')` for the integers the engine's words carry ("1,234,567"), without Intl: a process's
 * first Intl formatting loads the locale data (about 20 ms), which a CLI call that prints only JSON should not pay.
 * Anything but a safe integer (a fraction, −0, an unsafe size) still goes through Intl, so the text is always exactly
 * what `toLocaleString('en-US')` gives.
 */
export function groupDigits(value: number): string {
  if (!Number.isSafeInteger(value) || Object.is(value, -0)) return value.toLocaleString('en-US');
  const digits = String(Math.abs(value)).replace(/\B(?=(\d{3})+$)/g, ',');
  return value < 0 ? `-${digits}` : digits;
}
