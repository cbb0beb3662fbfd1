import { MAX_INPUT_BYTES } from '../engine';
import { unzipText } from '../ports/unzip';

/**
 * Turns an Inspect AI `.eval` archive (a zip of `header.json` and `samples/*.json`) into the JSON text of the
 * equivalent `.json` log, so the ordinary importer reads it. Returns a message instead when the archive is not an
 * Inspect log. Unzipping happens here (through `ports/unzip.ts`), in the worker and the CLI, because the engine takes
 * text and knows no containers.
 */
export function inspectEvalToJson(bytes: Uint8Array): { text: string } | { error: string } {
  let entries: Record<string, string>;
  try {
    entries = unzipText(bytes, (name) => name === 'header.json' || /^samples\/[^/]+\.json$/.test(name), MAX_INPUT_BYTES);
  } catch (error) {
    return { error: `This zip archive could not be read: ${error instanceof Error ? error.message : String(error)}` };
  }
  const header = entries['header.json'];
  if (header === undefined) return { error: 'This zip archive is not an Inspect AI .eval log (it has no header.json).' };
  try {
    const log = JSON.parse(header) as Record<string, unknown>;
    const sampleNames = Object.keys(entries).filter((name) => name.startsWith('samples/')).sort();
    const samples = sampleNames.map((name) => JSON.parse(entries[name]) as unknown);
    return { text: JSON.stringify({ ...log, samples }) };
  } catch (error) {
    return { error: `This Inspect AI .eval log holds malformed JSON: ${error instanceof Error ? error.message : String(error)}` };
  }
}
