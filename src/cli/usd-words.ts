import { usdText } from '../engine';

/** A cost as the CLI prints it: the engine's `usdText` (never `$0.00` for a real cost), or `unknown` without a price. */
export const usdOrUnknown = (usd: number | null): string => (usd === null ? 'unknown' : usdText(usd));

/** A difference in dollars, signed: `+$1.20`, `−< $0.01` (a real difference never reads as `$0.00`). */
export function usdDelta(usd: number): string {
  const text = usdText(Math.abs(usd));
  return usd > 0 ? `+${text}` : usd < 0 ? `−${text}` : text;
}
