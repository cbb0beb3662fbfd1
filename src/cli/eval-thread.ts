import { parentPort, workerData } from 'node:worker_threads';
import { sharedLines, TokenCache, type ReplayLines } from '../engine';
import { replayCellFigures } from '../lab/experiment/replay-cell';
import { runCell } from '../lab/experiment/run-cell';
import type { CellHead, CellRow } from '../lab/experiment/experiment-types';
import { replayTranscript, type ReplayAnswer } from '../lab/replay';
import { transcriptBasis } from '../lab/transcript-basis';
import { loadPriceBook } from '../providers/prices/price-book';
import { createCliCallbackRunner } from './callback-guard';
import type { EvalJob, EvalPolicy, EvalRow, EvalThreadData, EvalThreadMessage } from './eval-protocol';
import { settledPrices } from './eval-prices';
import { evalFigures, failedRow } from './eval-row';
import { createLiveSummarizers } from './provider-arguments';
import { readTranscriptFile } from './read-transcript';
import { replayConsentRefusal } from './replay-output';
import { consentRefusal } from './run-settings';
import { countWithRankFiles } from './rank-files';
import type { Transcript } from '../engine/transcript';


countWithRankFiles();

// One eval thread (see eval-pool.ts): imports one file at a time the way every CLI command does, replays (or compacts)
// each of its runs under every policy, and answers rows — never the message lists — so the main thread only adds up.
const port = parentPort;
if (!port) throw new Error('eval-thread.ts runs only as a worker thread');
const data = workerData as EvalThreadData;

const post = (message: EvalThreadMessage): void => port.postMessage(message);
// The catalog is read once per thread, as it starts. A failed import is caught here (else it is an unhandled rejection
// that ends the thread) and becomes the reason every row of this thread reports.
const priceBook = settledPrices(loadPriceBook(data.prices));

/** The file's name cut from the front of an import error (`a.jsonl: no such file`): the row names the file already. */
function reasonOf(error: unknown, file: string): string {
  const message = error instanceof Error ? error.message : String(error);
  return message.startsWith(`${file}: `) ? message.slice(file.length + 2) : message;
}

type RowHead = { file: string; run?: number; config: string };

/** One run replayed under one policy: its answer, or the row of a replay that did not run (the lab refused it, saying why). */
async function replayRun(transcript: Transcript, policy: EvalPolicy, head: RowHead, cache: TokenCache): Promise<{ answer: ReplayAnswer } | { failed: EvalRow }> {
  const callbacks = createCliCallbackRunner(data.callbackBudgetMs);
  try {
    const choice = policy.setup && createLiveSummarizers(policy.setup, process.env, () => undefined);
    const request = { config: policy.document, encoding: data.encoding, runAnyway: data.runAnyway, allowCallbacks: data.allowCallbacks };
    const prices = await priceBook;
    if ('reason' in prices) return { failed: failedRow(head, prices.reason) };
    const outcome = await replayTranscript(transcript, request, { choice, callbacks, cache, prices: prices.book });
    if ('error' in outcome) return { failed: failedRow(head, consentRefusal(outcome.error, policy.name) ?? `${outcome.error.code}: ${outcome.error.message}`) };
    // A session whose compactions were all refused for callbacks says nothing about the policy: it is a failed row.
    const refusal = replayConsentRefusal(outcome.report, policy.name);
    if (refusal) return { failed: failedRow(head, reasonOf(refusal, policy.name)) };
    // A replay its callbacks' budget stopped covers part of the session only: a failed row that says where and why.
    const exhausted = callbacks.budgetExhausted();
    if (exhausted) return { failed: failedRow(head, `the replay ${outcome.report.stopped ?? `stopped: ${exhausted}`}`) };
    return { answer: outcome };
  } catch (error) {
    // replayTranscript promises never to throw; should it, the row still says why and the corpus goes on.
    return { failed: failedRow(head, error instanceof Error ? error.message : String(error)) };
  } finally {
    await callbacks.close();
  }
}

/** The lines every policy's replay of one run is judged on: one policy's own, two policies' lower trigger; null when one did not run. */
function sharedOf(replays: readonly ({ answer: ReplayAnswer } | { failed: EvalRow })[]): ReplayLines | null {
  const own = replays.flatMap((replay) => ('answer' in replay ? [replay.answer.context.lines] : []));
  if (own.length < replays.length || own.length === 0) return null;
  return own.reduce((shared, lines) => sharedLines(shared, lines));
}

/** Every policy's replay of one run: its eval row and its experiment cell, posted once all have run. */
async function replayEveryPolicy(transcript: Transcript, heads: readonly RowHead[]): Promise<void> {
  // One cache per run: each message is tokenized once, whatever the number of policies.
  const cache = new TokenCache();
  const replays = [];
  const durations: number[] = [];
  for (const [at, policy] of data.policies.entries()) {
    const started = performance.now();
    replays.push(await replayRun(transcript, policy, heads[at], cache));
    durations.push(Math.round(performance.now() - started));
  }
  const { tokens } = await transcriptBasis(transcript, data.encoding, cache);
  // Every policy is judged on the same lines, whichever is A: its rows are posted once all have run.
  const shared = sharedOf(replays);
  for (const [at, replay] of replays.entries()) {
    const head: CellHead = { ...heads[at], mode: 'replay' };
    const durationMs = durations[at];
    if ('answer' in replay) post({ type: 'row', row: { ...heads[at], ok: true, ...evalFigures(replay.answer, shared) }, cell: { ...head, ok: true, ...replayCellFigures(replay.answer, tokens.total), durationMs } });
    else post({ type: 'row', row: replay.failed, cell: { ...head, ok: false, error: replay.failed.ok ? '' : replay.failed.error, durationMs } });
  }
}

/** One run compacted once under one policy, as `compact` would: a cell, with a spent callback budget a failed one. */
async function compactionCell(transcript: Transcript, policy: EvalPolicy, head: RowHead, cache: TokenCache): Promise<CellRow> {
  // Offline cells need no prices: a catalog that failed to load leaves only live calls unpriced (run-cell loads its own).
  const prices = await priceBook;
  const callbacks = createCliCallbackRunner(data.callbackBudgetMs);
  try {
    const choice = policy.setup && createLiveSummarizers(policy.setup, process.env, () => undefined);
    const options = { encoding: data.encoding, ...('book' in prices ? { prices: prices.book } : {}), file: head.file, ...(head.run === undefined ? {} : { run: head.run }), choice, runAnyway: data.runAnyway, allowCallbacks: data.allowCallbacks, callbacks, cache };
    const cell = await runCell(transcript, { name: policy.name, document: policy.document }, 'compaction', options);
    const exhausted = callbacks.budgetExhausted();
    return exhausted && cell.ok ? { ...head, mode: 'compaction', ok: false, error: `the run fell back without its callbacks: ${exhausted}`, durationMs: cell.durationMs } : cell;
  } finally {
    await callbacks.close();
  }
}

async function runFile({ file }: EvalJob): Promise<void> {
  let transcripts: Transcript[];
  try {
    transcripts = (await readTranscriptFile(file)).transcripts;
  } catch (error) {
    // A file that cannot be imported is reported and skipped, never fatal (a UsageError naming the file, as a command gets).
    post({ type: 'skipped', file, reason: reasonOf(error, file) });
    return;
  }
  for (const [index, transcript] of transcripts.entries()) {
    const heads = data.policies.map((policy): RowHead => ({ file, ...(transcripts.length > 1 ? { run: index + 1 } : {}), config: policy.name }));
    if (data.mode === 'replay') {
      await replayEveryPolicy(transcript, heads);
      continue;
    }
    const cache = new TokenCache();
    for (const [at, policy] of data.policies.entries()) post({ type: 'cell', cell: await compactionCell(transcript, policy, heads[at], cache) });
  }
}

port.on('message', (job: EvalJob) => {
  void runFile(job).finally(() => post({ type: 'finished', file: job.file }));
});
post({ type: 'ready' });
