/** Formatting helpers shared by every view. Numbers always carry their unit in the caller's label. */

const integerFormat = new Intl.NumberFormat('en-US');

/** 1234567 → "1,234,567"; −905 with a true minus sign, so a negative figure never reads as a dash. */
export function formatInteger(value: number): string {
  return integerFormat.format(Math.round(value)).replace('-', '−');
}

/** 0.4567 → "45.7%"; callers say what it is a percentage of. */
export function formatPercent(ratio: number): string {
  if (!Number.isFinite(ratio)) return '—';
  return `${(ratio * 100).toFixed(ratio < 0.1 ? 2 : 1)}%`;
}

/** 128000 → "128K", 1000000 → "1M": for context-window labels. */
export function formatCompactTokens(value: number): string {
  if (value >= 1_000_000 && value % 1_000_000 === 0) return `${value / 1_000_000}M`;
  if (value >= 1000 && value % 1000 === 0) return `${value / 1000}K`;
  return formatInteger(value);
}

/** A byte count as KB/MB. */
export function formatBytes(bytes: number): string {
  if (bytes < 1024) return `${bytes} B`;
  if (bytes < 1024 * 1024) return `${(bytes / 1024).toFixed(1)} KB`;
  return `${(bytes / (1024 * 1024)).toFixed(1)} MB`;
}

/** A cost in US dollars, or "cost unknown" for null — never "$0" for a cost nobody knows. */
export function formatCost(dollars: number | null): string {
  if (dollars === null) return 'cost unknown';
  if (dollars === 0) return '$0';
  return dollars < 0.01 ? `$${dollars.toFixed(5)}` : `$${dollars.toFixed(4)}`;
}

/**
 * A dollar figure rounded as `formatUsd` shows it: to the cent from $1 up, to a hundredth of a cent below. Differences
 * are taken between figures rounded this way, so a difference always agrees with the two figures beside it.
 */
function roundUsd(usd: number): number {
  const scale = Math.abs(usd) >= 1 ? 100 : 10_000;
  return Math.round(usd * scale) / scale;
}

/**
 * The one money format (issue 28): "cost unknown" for null, never $0 for a cost nobody knows; cents from $1 up
 * ("$10.23", "$1,204.50"); four decimals below a dollar ("$0.0521"), where cents would hide the figure; "< $0.01" for
 * a cost under a cent (never a misleading "$0.00"); "$0.00" for nothing at all.
 */
export function formatUsd(usd: number | null): string {
  if (usd === null) return 'cost unknown';
  const magnitude = Math.abs(usd);
  if (magnitude === 0) return '$0.00';
  if (magnitude < 0.01) return '< $0.01';
  const digits = magnitude >= 1 ? 2 : 4;
  const text = roundUsd(magnitude).toLocaleString('en-US', { minimumFractionDigits: digits, maximumFractionDigits: digits });
  return `${usd < 0 ? '−' : ''}$${text}`;
}

/** A dollar difference with its sign, as `formatUsd` says the figure: "+$0.1050", "−$1.20", "− under $0.01", "±$0.00", "cost unknown". */
export function formatSignedUsd(usd: number | null): string {
  if (usd === null) return 'cost unknown';
  if (usd === 0) return '±$0.00';
  const sign = usd > 0 ? '+' : '−';
  // Under a cent the sign goes with words, never "−< $0.01".
  return Math.abs(usd) < 0.01 ? `${sign} under $0.01` : `${sign}${formatUsd(Math.abs(usd))}`;
}

/** `to − from` as the two figures are shown (each rounded first), signed; null when either is unknown. */
export function usdDifference(from: number | null, to: number | null): number | null {
  return from === null || to === null ? null : roundUsd(roundUsd(to) - roundUsd(from));
}

/** A duration: milliseconds under a second, whole seconds when exact ("2 s"), else seconds with one decimal ("2.4 s"). */
export function formatDuration(milliseconds: number): string {
  if (milliseconds < 1000) return `${Math.round(milliseconds)} ms`;
  if (milliseconds % 1000 === 0) return `${milliseconds / 1000} s`;
  return `${(milliseconds / 1000).toFixed(1)} s`;
}
