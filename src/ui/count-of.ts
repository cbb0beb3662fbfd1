/**
 * A count with its noun, singular for exactly one: `countOf(1, 'summarizer call')` is "1 summarizer call",
 * `countOf(3, 'retry', 'retries')` is "3 retries". Counts are grouped as the page writes every integer (12,345).
 */
export function countOf(count: number, singular: string, plural = `${singular}s`): string {
  return `${count.toLocaleString('en-US')} ${count === 1 ? singular : plural}`;
}
