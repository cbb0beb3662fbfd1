import { looksLikeConfigValue } from '../../engine/config';

/** Larger than any config (a share envelope with an A/B pair and long prompts is a few tens of kB): never parsed here. */
const largestConfigBytes = 1_000_000;

/** What a refused text turned out to be: a config to offer, or another JSON object (maybe a config with a typo). */
export type ConfigSniff = { config: string } | { otherObject: true } | undefined;

/** Said after a refusal of a JSON object that is not a recognisable config: where a config goes instead. */
export const configHint = 'If this is a config, use Share config → Upload config.';

/**
 * The text of something the transcript importer refused, when it is a Compaction Lab config instead (a share
 * export, its body, a bare document: `looksLikeConfigValue`): the page offers it as a config rather than saying
 * "Unknown format". Any other JSON object is said so, for the hint. Only small texts are read on the main thread.
 */
export async function configTextOf(source: Blob | string): Promise<ConfigSniff> {
  const size = typeof source === 'string' ? source.length : source.size;
  if (size > largestConfigBytes) return undefined;
  const text = typeof source === 'string' ? source : await source.text();
  try {
    const value: unknown = JSON.parse(text);
    if (looksLikeConfigValue(value)) return { config: text };
    return typeof value === 'object' && value !== null && !Array.isArray(value) ? { otherObject: true } : undefined;
  } catch {
    return undefined;
  }
}
