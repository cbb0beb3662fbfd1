import { importText, type ImportResult } from '../engine';
import { inspectEvalToJson, isZipArchive } from './inspect-eval-archive';

/** An import that read nothing, with the one reason. */
function refused(message: string): ImportResult {
  return { transcripts: [], report: { format: null, formatLabel: 'Unknown', confidence: 'low', errors: [{ message }], warnings: [], skippedLines: 0 } };
}

/**
 * Imports a file's bytes, the one road for the page's worker and the CLI: an Inspect `.eval` archive (a zip) is
 * unpacked into its JSON log first; anything else is read as UTF-8 (a byte-order mark dropped, as a browser's
 * `File.text()` does) and handed to `importText`, which refuses binary and oversized input in words.
 */
export function importBytes(bytes: Uint8Array, fileName: string): ImportResult {
  if (isZipArchive(bytes)) {
    const converted = inspectEvalToJson(bytes);
    if ('error' in converted) return refused(converted.error);
    return importText(converted.text, { fileName });
  }
  return importText(new TextDecoder().decode(bytes), { fileName, byteLength: bytes.byteLength });
}
