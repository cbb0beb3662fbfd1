/**
 * A whole-number option's value: decimal digits only — no `0x10`, `1e3`, sign, point or space, which `Number` would
 * all accept — as a safe integer. Undefined when it is not one; `isTooLarge` tells a too-long run of digits apart.
 */
export function readWholeNumber(value: string | true | undefined): { number?: number; isTooLarge: boolean } {
  if (typeof value !== 'string' || !/^\d+$/.test(value)) return { isTooLarge: false };
  const number = Number(value);
  return Number.isSafeInteger(number) ? { number, isTooLarge: false } : { isTooLarge: true };
}
