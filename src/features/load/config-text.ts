import { looksLikeConfigValue } from '../../engine/config';

/** Larger than any config (a share envelope with an A/B pair and long prompts is a few tens of kB): never parsed here. */
const largestConfigBytes = 1_000_000;

/**
 * The text of something the transcript importer refused, when it is a Compaction Lab config instead (a share
 * export, its body, a bare document naming a profile): the page offers it as a config rather than saying "Unknown
 * format". Only small texts are read on the main thread; anything else, or any other JSON, is not a config.
 */
export async function configTextOf(source: Blob | string): Promise<string | undefined> {
  const size = typeof source === 'string' ? source.length : source.size;
  if (size > largestConfigBytes) return undefined;
  const text = typeof source === 'string' ? source : await source.text();
  try {
    return looksLikeConfigValue(JSON.parse(text)) ? text : undefined;
  } catch {
    return undefined;
  }
}
