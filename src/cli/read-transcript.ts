import { MAX_INPUT_BYTES, type ImportResult } from '../engine';
import { importBytes } from '../lab/import-bytes';
import { UsageError } from './arguments';
import { readUserBytes } from './read-input-file';
import { readWholeNumber } from './whole-number';

/**
 * Reads and imports a transcript file for a CLI command, as the page does (`importBytes`). Input that cannot be used — no such file, not a regular file,
 * over the size limit, nothing importable — is a one-line UsageError naming the file (exit 2: nothing ran).
 */
export async function readTranscriptFile(file: string): Promise<ImportResult> {
  const bytes = await readUserBytes(file, MAX_INPUT_BYTES);
  let result: ImportResult;
  try {
    // The page's road exactly: an Inspect `.eval` archive is unpacked, anything else read as UTF-8.
    result = await importBytes(bytes, file);
  } catch (error) {
    // Importers promise never to throw; should one break that promise, the user still gets the file and the reason.
    throw new UsageError(`${file}: could not be imported: ${error instanceof Error ? error.message : String(error)}`);
  }
  if (result.transcripts.length === 0) {
    throw new UsageError(`${file}: ${result.report.errors[0]?.message ?? 'nothing could be imported'}`.replace(/\s+/g, ' '));
  }
  return result;
}

/** The 1-based `--run N` option as an index into the file's runs. */
export function selectTranscript(option: string | true | undefined, runCount: number): number {
  if (option === true) throw new UsageError('--run needs a number');
  const transcriptIndex = option === undefined ? 0 : (readWholeNumber(option).number ?? Number.NaN) - 1;
  if (!Number.isInteger(transcriptIndex) || transcriptIndex < 0 || transcriptIndex >= runCount) throw new UsageError(`--run must be a number from 1 to ${runCount}`);
  return transcriptIndex;
}
