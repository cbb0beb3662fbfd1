/** How a number varies across repeated runs of one variant. */
export interface Spread {
  count: number;
  min: number;
  median: number;
  max: number;
  /** Sample standard deviation (n − 1); 0 for a single run, where nothing varies yet. */
  stdev: number;
}

/** The median of a list (the mean of the middle two for an even count); undefined for an empty list. */
export function medianOf(values: readonly number[]): number | undefined {
  if (values.length === 0) return undefined;
  const sorted = [...values].sort((left, right) => left - right);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 === 1 ? sorted[middle] : (sorted[middle - 1] + sorted[middle]) / 2;
}

/** Min, median, max and standard deviation of a list; undefined for an empty list. */
export function spreadOf(values: readonly number[]): Spread | undefined {
  const median = medianOf(values);
  if (median === undefined) return undefined;
  const mean = values.reduce((sum, value) => sum + value, 0) / values.length;
  const variance = values.length < 2 ? 0 : values.reduce((sum, value) => sum + (value - mean) ** 2, 0) / (values.length - 1);
  return { count: values.length, min: Math.min(...values), median, max: Math.max(...values), stdev: Math.sqrt(variance) };
}
