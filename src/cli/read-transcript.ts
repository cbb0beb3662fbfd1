import { MAX_INPUT_BYTES } from '../engine/formats/import-limits';
import { importText } from '../engine/formats/import-text';
import type { ImportResult } from '../engine/formats/import-report';
import { UsageError } from './arguments';
import { readUserFile } from './read-input-file';
import { readWholeNumber } from './whole-number';

/**
 * Reads and imports a transcript file for a CLI command. Input that cannot be used — no such file, not a regular file,
 * over the size limit, nothing importable — is a one-line UsageError naming the file (exit 2: nothing ran).
 */
export async function readTranscriptFile(file: string): Promise<ImportResult> {
  const { text, byteLength } = await readUserFile(file, MAX_INPUT_BYTES);
  let result: ImportResult;
  try {
    result = importText(text, { fileName: file, byteLength });
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
export function selectRun(option: string | true | undefined, runCount: number): number {
  if (option === true) throw new UsageError('--run needs a number');
  const runIndex = option === undefined ? 0 : (readWholeNumber(option).number ?? Number.NaN) - 1;
  if (!Number.isInteger(runIndex) || runIndex < 0 || runIndex >= runCount) throw new UsageError(`--run must be a number from 1 to ${runCount}`);
  return runIndex;
}
