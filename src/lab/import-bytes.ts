import { importText, type ImportResult } from '../engine';

/** The first bytes of every zip archive ("PK\x03\x04"). */
const zipSignature = [0x50, 0x4b, 0x03, 0x04];

/** True when the bytes start like a zip archive (an Inspect `.eval` log is one). */
export function isZipArchive(bytes: Uint8Array): boolean {
  return zipSignature.every((byte, index) => bytes[index] === byte);
}

/** An import that read nothing, with the one reason. */
function refused(message: string): ImportResult {
  return { transcripts: [], report: { format: null, formatLabel: 'Unknown', confidence: 'low', errors: [{ message }], warnings: [], skippedLines: 0 } };
}

/**
 * Imports a file's bytes, the one road for the page's worker and the CLI: an Inspect `.eval` archive (a zip) is
 * unpacked into its JSON log first; anything else is read as UTF-8 (a byte-order mark dropped, as a browser's
 * `File.text()` does) and handed to `importText`, which refuses binary and oversized input in words. The unzipping
 * code loads only for an archive: a CLI call on a plain transcript never pays for it.
 */
export async function importBytes(bytes: Uint8Array, fileName: string): Promise<ImportResult> {
  if (isZipArchive(bytes)) {
    const { inspectEvalToJson } = await import('./inspect-eval-archive');
    const converted = inspectEvalToJson(bytes);
    if ('error' in converted) return refused(converted.error);
    return importText(converted.text, { fileName });
  }
  return importText(new TextDecoder().decode(bytes), { fileName, byteLength: bytes.byteLength });
}
