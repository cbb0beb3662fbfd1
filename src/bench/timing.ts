/** Wall-clock milliseconds `work` took, with its result. */
export function timeSync<T>(work: () => T): { result: T; durationMs: number } {
  const start = performance.now();
  const result = work();
  return { result, durationMs: performance.now() - start };
}

/** Wall-clock milliseconds an async `work` took, with its result. */
export async function timeAsync<T>(work: () => Promise<T>): Promise<{ result: T; durationMs: number }> {
  const start = performance.now();
  const result = await work();
  return { result, durationMs: performance.now() - start };
}

/** `1234.5` → `"1,235 ms"`; sub-10 ms values keep one decimal. */
export function formatMs(durationMs: number): string {
  return `${durationMs < 10 ? durationMs.toFixed(1) : Math.round(durationMs).toLocaleString('en-US')} ms`;
}

/** Renders rows as an aligned plain-text table with a header rule. */
export function formatTable(header: readonly string[], rows: readonly (readonly string[])[]): string {
  const widths = header.map((title, column) => Math.max(title.length, ...rows.map((row) => (row[column] ?? '').length)));
  const line = (cells: readonly string[]) =>
    cells.map((cell, column) => (column === 0 ? cell.padEnd(widths[column]) : cell.padStart(widths[column]))).join('  ');
  return [line(header), widths.map((width) => '-'.repeat(width)).join('  '), ...rows.map(line)].join('\n');
}

/** Writes benchmark output (benchmarks print; shipped code does not use console). */
export function print(text = ''): void {
  process.stdout.write(`${text}\n`);
}
