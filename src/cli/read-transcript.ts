import { readFile, stat } from 'node:fs/promises';
import { MAX_INPUT_BYTES } from '../engine/formats/import-limits';
import { importText } from '../engine/formats/import-text';
import type { ImportResult } from '../engine/formats/import-report';
import { UsageError } from './arguments';

/** Reads and imports a transcript file for a CLI command; unreadable input becomes a one-line UsageError (exit 1). */
export async function readTranscriptFile(file: string): Promise<ImportResult> {
  const size = await stat(file).then(
    (info) => info.size,
    () => {
      throw new UsageError(`${file}: no such file`, 1);
    },
  );
  if (size > MAX_INPUT_BYTES) throw new UsageError(`${file}: ${size} bytes exceeds the ${MAX_INPUT_BYTES}-byte limit`, 1);
  const result = importText(await readFile(file, 'utf8'), { fileName: file, byteLength: size });
  if (result.transcripts.length === 0) {
    throw new UsageError(`${file}: ${result.report.errors[0]?.message ?? 'nothing could be imported'}`.replace(/\s+/g, ' '), 1);
  }
  return result;
}

/** The 1-based `--run N` option as an index into the file's runs. */
export function selectRun(option: string | true | undefined, runCount: number): number {
  if (option === true) throw new UsageError('--run needs a number');
  const runIndex = option === undefined ? 0 : Number(option) - 1;
  if (!Number.isInteger(runIndex) || runIndex < 0 || runIndex >= runCount) throw new UsageError(`--run must be a number from 1 to ${runCount}`);
  return runIndex;
}
