import { TokenCache, type PriceBook } from '../engine';
import type { Transcript } from '../engine/transcript';
import type { CellAnswer, CellRequest, CellRow, ExperimentWorkerApi } from '../worker-client/experiment-protocol';
import { runCell } from '../lab/experiment/run-cell';
import { importBytes } from '../lab/import-bytes';
import { loadPriceBook } from '../providers/prices/price-book';
import type { PriceOverrides } from '../providers/prices/overrides';

/** A file a worker holds: its runs, each with the token cache every config's cell of that run shares; or why none. */
type HeldFile = { runs: { transcript: Transcript; cache: TokenCache }[] } | { error: string };

/** Files a worker keeps at once: the pool hands a worker the cells of the files it holds first, so few are needed. */
const heldLimit = 4;

const messageOf = (error: unknown): string => (error instanceof Error ? error.message : String(error));

/** Imports a file's bytes the one way the page and the CLI do; a file with no transcript keeps the importer's reason. */
async function holdFile(bytes: Uint8Array, name: string): Promise<HeldFile> {
  try {
    const imported = await importBytes(bytes, name);
    if (imported.transcripts.length === 0) {
      const reasons = imported.report.errors.map((issue) => issue.message).slice(0, 3).join('; ');
      return { error: `the file could not be imported: ${reasons || 'no transcript was found in it'}` };
    }
    return { runs: imported.transcripts.map((transcript) => ({ transcript, cache: new TokenCache() })) };
  } catch (error) {
    return { error: `the file could not be imported: ${messageOf(error)}` };
  }
}

/** The rows of a cell that could not run at all, one for the file (or its chosen run). */
function failedRows(request: CellRequest, error: string): CellRow[] {
  const { transcript, config, mode } = request;
  return [{ file: transcript.name, ...(transcript.run === undefined ? {} : { run: transcript.run }), config: config.name, mode, ok: false, error, durationMs: null }];
}

/**
 * The experiment worker's API: each cell's transcript is imported once per worker (kept by hash, the last few files),
 * and every config's cell of the same run shares one token cache, so each message is tokenized once per worker. The
 * price book (a replay's bill) is loaded on first need, with the user's overrides on top, once per set of overrides.
 */
export function createExperimentApi(): ExperimentWorkerApi {
  // Each file's import, held as it starts: two cells of one file that arrive together share it.
  const held = new Map<string, Promise<HeldFile>>();
  const books = new Map<string, Promise<PriceBook>>();
  const bookFor = (overrides: PriceOverrides = {}): Promise<PriceBook> => {
    const key = JSON.stringify(overrides);
    let book = books.get(key);
    if (!book) {
      book = loadPriceBook(overrides);
      // A failed load is not kept: the next cell tries again.
      book.catch(() => books.delete(key));
      books.set(key, book);
    }
    return book;
  };
  const fileFor = (request: CellRequest): Promise<HeldFile> | undefined => {
    const { sha256, name } = request.transcript;
    const found = held.get(sha256);
    if (found) {
      // Most recently used last, so the oldest is the one let go.
      held.delete(sha256);
      held.set(sha256, found);
      return found;
    }
    if (!request.bytes) return undefined;
    const file = holdFile(request.bytes, name);
    held.set(sha256, file);
    for (const oldest of held.keys()) {
      if (held.size <= heldLimit) break;
      held.delete(oldest);
    }
    return file;
  };
  return {
    async runCell(request: CellRequest): Promise<CellAnswer> {
      const holding = fileFor(request);
      if (!holding) return { missing: true };
      const file = await holding;
      if ('error' in file) return { rows: failedRows(request, file.error) };
      const { transcript, config, mode, encoding } = request;
      if (transcript.run !== undefined && (transcript.run < 1 || transcript.run > file.runs.length)) {
        return { rows: failedRows(request, `the file holds ${file.runs.length} run${file.runs.length === 1 ? '' : 's'}, not a run ${transcript.run}`) };
      }
      let prices: PriceBook | undefined;
      if (mode === 'replay') {
        try {
          prices = await bookFor(request.prices);
        } catch (error) {
          return { rows: failedRows(request, `the price catalog could not be loaded (${messageOf(error)}): the replay's bill cannot be priced`) };
        }
      }
      const chosen = transcript.run === undefined ? file.runs.map((run, index) => ({ ...run, number: file.runs.length > 1 ? index + 1 : undefined })) : [{ ...file.runs[transcript.run - 1], number: transcript.run }];
      const rows: CellRow[] = [];
      for (const run of chosen) {
        rows.push(await runCell(run.transcript, config, mode, { encoding, ...(prices ? { prices } : {}), file: transcript.name, ...(run.number === undefined ? {} : { run: run.number }), cache: run.cache }));
      }
      return { rows };
    },
  };
}
