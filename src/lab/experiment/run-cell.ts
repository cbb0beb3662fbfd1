import { measureRetention, pinnedLinesOf, TokenCache, type CallbackRunner, type EncodingName, type PriceBook } from '../../engine';
import { meterSummarizers } from '../../engine/headless';
import type { Transcript } from '../../engine/transcript';
import { costOf } from '../../providers/live/pricing';
import { loadPriceBook } from '../../providers/prices/price-book';
import { loadTokenCounter } from '../../ports/tokenizer/token-counter';
import { preflightConfig, refusalError } from '../preflight';
import { replayTranscript } from '../replay';
import { runCompaction, type SummarizerChoice } from '../run-compaction';
import { contextOutput } from '../run-context';
import { transcriptBasis } from '../transcript-basis';
import { flagKinds } from './cell-flags';
import type { CellFigures, CellHead, CellRow, ExperimentConfig, ExperimentMode } from './experiment-types';
import { replayCellFigures } from './replay-cell';

/** How a cell is run: the encoding its figures are counted in, the transcript's name, and how to summarize and consent. */
export interface RunCellOptions {
  encoding: EncodingName;
  /** Prices a replay's bill and live summarizer calls; the catalog's when absent. */
  prices?: PriceBook;
  signal?: AbortSignal;
  /** The transcript's file name, and its 1-based run for a file of several: they name the cell. */
  file: string;
  run?: number;
  /** Live summarizers; the offline one when absent. */
  choice?: SummarizerChoice;
  /** Settings that cannot work as set run anyway (the run then says so) instead of being refused. */
  runAnyway?: boolean;
  /** The user's consent to run the config's JavaScript callbacks. */
  allowCallbacks?: boolean;
  /** The callback runner (the CLI's stops a callback that never yields); the plain JavaScript one when absent. */
  callbacks?: CallbackRunner;
  /** A token cache shared by cells of the same transcript, so each message is tokenized once. */
  cache?: TokenCache;
}

type Outcome = { figures: CellFigures } | { error: string };

const messageOf = (error: unknown): string => (error instanceof Error ? error.message : String(error));

/**
 * One compaction of the whole transcript at the config's settings (what `compact --json` computes): context before
 * and after on the transcript's basis, the share of the window, the last pass's need-weighted retention, the outcome
 * flags, the summarizer calls and their cost (0 offline). A refused config, a failed or cancelled run is an error.
 */
async function compactionCell(transcript: Transcript, document: NonNullable<ExperimentConfig['document']>, options: RunCellOptions): Promise<Outcome> {
  const checked = preflightConfig(document, { runAnyway: options.runAnyway });
  if ('refusal' in checked) return { error: refusalError(checked.refusal).message };
  const cache = options.cache ?? new TokenCache();
  const prices = options.choice ? (options.prices ?? (await loadPriceBook())) : undefined;
  // Live calls are metered as a replay's are, so the cost is the calls' own usage at the book's prices.
  const meter = options.choice && meterSummarizers(options.choice.summarizers, await loadTokenCounter(options.encoding), cache, (call) => costOf(call.modelId, call.usage, prices));
  const request = { config: document, encoding: options.encoding, runAnyway: options.runAnyway, allowCallbacks: options.allowCallbacks };
  const result = await runCompaction(transcript, request, () => undefined, { choice: meter ? { summarizers: meter.summarizers } : undefined, cache, signal: options.signal, callbacks: options.callbacks });
  if (result.cancelled) return { error: 'cancelled before the run finished' };
  if (!result.success) return { error: `the run did not succeed (${result.error?.code ?? 'failed'}): ${result.error?.message ?? 'no reason given'}` };
  const basis = await transcriptBasis(transcript, options.encoding, cache);
  const { context, flags } = contextOutput(result, basis, checked.config);
  const retention = measureRetention(transcript, result, pinnedLinesOf(checked.config)).at(-1)?.needWeighted;
  const after = context.after + context.unstoredOverhead;
  return {
    figures: {
      contextBefore: context.before + context.unstoredOverhead,
      contextAfter: after,
      windowShareAfter: context.window === null || context.window <= 0 ? null : after / context.window,
      needWeighted: retention && retention.needed > 0 ? retention.score : null,
      compactions: result.passes.length > 0 ? 1 : 0,
      summarizerCalls: result.summarizerCalls,
      costUsd: meter ? meter.take().costUsd : 0,
      flags: flagKinds(flags.map((flag) => flag.kind)),
      encoding: context.encoding,
    },
  };
}

/** A whole-session replay under the config (what `eval` and `replay` compute), priced at the book's or the catalog's prices. */
async function replayCell(transcript: Transcript, document: NonNullable<ExperimentConfig['document']>, options: RunCellOptions): Promise<Outcome> {
  const cache = options.cache ?? new TokenCache();
  const request = { config: document, encoding: options.encoding, runAnyway: options.runAnyway, allowCallbacks: options.allowCallbacks };
  const prices = options.prices ?? (await loadPriceBook());
  const answer = await replayTranscript(transcript, request, { choice: options.choice, callbacks: options.callbacks, cache, prices, signal: options.signal });
  if ('error' in answer) return { error: answer.error.message };
  if (answer.report.cancelled) return { error: 'cancelled before the replay reached the session’s end' };
  if (answer.report.stopped) return { error: `the replay ${answer.report.stopped}` };
  const { tokens } = await transcriptBasis(transcript, options.encoding, cache);
  return { figures: replayCellFigures(answer, tokens.total) };
}

/** Milliseconds since the page or process started: a wall clock for the cell's duration. */
const now = (): number => performance.now();

/**
 * Runs one cell of an experiment: the transcript under the config as a single compaction at its settings (`force`
 * and every other field as the config sets them) or as a whole-session replay, with live summarizers when given, the
 * offline one otherwise. Never throws: a config without a document, a refusal, a failure or a cancel is a row with
 * `ok: false` and the reason in words.
 */
export async function runCell(transcript: Transcript, config: ExperimentConfig, mode: ExperimentMode, options: RunCellOptions): Promise<CellRow> {
  const head: CellHead = { file: options.file, ...(options.run === undefined ? {} : { run: options.run }), config: config.name, mode };
  const started = now();
  const finish = (outcome: Outcome): CellRow => {
    const durationMs = Math.round(now() - started);
    return 'error' in outcome ? { ...head, ok: false, error: outcome.error, durationMs } : { ...head, ok: true, ...outcome.figures, durationMs };
  };
  const { document } = config;
  if (!document) return finish({ error: `the config ${config.name} has no document (it was read from eval output that names it only), so it cannot be run` });
  try {
    return finish(await (mode === 'compaction' ? compactionCell(transcript, document, options) : replayCell(transcript, document, options)));
  } catch (error) {
    // The lab's runs promise never to throw; should one, the cell still says why and the experiment goes on.
    return finish({ error: messageOf(error) });
  }
}
