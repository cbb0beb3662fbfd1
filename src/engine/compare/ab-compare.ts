import type { ConfigDocument } from '../config/document/config-document';
import { declaredPins } from '../config/document/document-pins';
import { contextFigure, type ContextBasis } from '../tokens/context-basis';
import { messageText } from '../tokens/message-text';
import type { Message } from '../transcript/model';
import { medianOf, spreadOf, type Spread } from '../statistics/spread';
import type { RunResult } from '../run/events';
import type { PassRetention } from '../retention/facts';

/** What A/B reads of one provider call (a `LiveCallRecord` fits): its latency and cost. */
export interface AbCall {
  durationMs: number;
  /** US dollars; null when unknown. */
  costUsd: number | null;
  ok: boolean;
  aborted: boolean;
  /** Null when no response arrived. */
  status: number | null;
}

/** One run of a variant: its result, the provider calls it made, and its wall-clock duration when measured. */
export interface AbRun {
  result: RunResult;
  calls: readonly AbCall[];
  /** Wall-clock duration of the whole run; the passes' own durations are summed when absent. */
  durationMs?: number;
  /** The run's fact retention per pass (`measureRetention`), when measured. */
  retention?: readonly PassRetention[];
}

/** A variant as run: its config document (`{schemaVersion, profile, …parameters}`) and its repeated runs. */
export interface AbVariantInput {
  config: ConfigDocument;
  runs: readonly AbRun[];
}

/**
 * One variant's numbers. With repeats, every number is the median over the runs (the spread is in `tokensSaved`).
 * Token figures are context tokens on the comparison's basis (exact content + unstored overhead), except `gateSawAfter`.
 */
export interface AbVariantStats {
  runs: number;
  succeeded: number;
  tokensBefore?: number;
  tokensAfter?: number;
  /** What the profile's gate saw after the run, by its own estimate (not on the basis: never compared with the others). */
  gateSawAfter?: number;
  /** Tokens after pass k at index k − 1 (median over the runs that reached that pass). */
  tokensAfterPasses: number[];
  passes?: number;
  summarizerCalls?: number;
  providerCalls?: number;
  /** Known cost of one run (median); calls whose cost is unknown are counted in `unknownCostCalls` instead. */
  costUsd?: number;
  /** Billed calls of all runs whose cost is unknown (unpriced model, or aborted before usage arrived). */
  unknownCostCalls: number;
  durationMs?: number;
  /** Every provider call's duration, over all runs, in order. */
  callDurationsMs: number[];
  pinnedLines: { total: number; kept?: number };
  /** Tokens before minus tokens after, over the runs. */
  tokensSaved?: Spread;
  /** The summary of the first run's last pass that wrote one. */
  summary?: string;
  /** Facts kept by the last pass, cumulative, in percent (median over the measured runs; 100 when nothing was compacted). */
  retentionPercent?: number;
  /** Loss flags of all passes of a run (median over the measured runs). */
  lossFlags?: number;
}

/** How a metric's numbers read: tokens, a count, US dollars or milliseconds. */
export type AbMetricKind = 'tokens' | 'count' | 'usd' | 'ms' | 'percent';

/** One side of a metric: its number (absent when it does not apply), a total it is out of, and unknown costs. */
export interface AbCell {
  value?: number;
  of?: number;
  unknownCost?: number;
}

/** One row of the side-by-side table. `delta` is B − A. */
export interface AbMetricRow {
  id: string;
  label: string;
  kind: AbMetricKind;
  a: AbCell;
  b: AbCell;
  delta?: number;
  differs: boolean;
}

/** The two variants' numbers, the table rows, and whether their summaries differ. */
export interface AbComparison {
  a: AbVariantStats;
  b: AbVariantStats;
  rows: AbMetricRow[];
  summariesDiffer: boolean;
}

/** A provider refused the call (HTTP error, or no connection): nothing was billed, so its unknown cost does not count. */
function isRefused(call: AbCall): boolean {
  return !call.ok && !call.aborted && (call.status === null || call.status >= 400);
}

const lastSummaryOf = (result: RunResult): string | undefined => result.passes.findLast((pass) => pass.summary !== undefined)?.summary;

/** Context tokens of an exact content count on the basis; a run measured by no `runProfile` falls back to its estimate. */
function onBasis(basis: ContextBasis, exact: number | undefined, estimate: number): number {
  return exact === undefined ? estimate : contextFigure(basis, exact).tokens;
}

/**
 * A variant's numbers over its runs, token figures on `basis`. `system` is the transcript's system prompt (pinned
 * lines there count as kept).
 */
export function variantStats(input: AbVariantInput, basis: ContextBasis, system?: Message): AbVariantStats {
  const runs = input.runs;
  const lines = declaredPins(input.config).map((pin) => pin.line);
  const median = (pick: (run: AbRun) => number): number | undefined => medianOf(runs.map(pick));
  const before = (run: AbRun): number => onBasis(basis, run.result.exact?.before, run.result.tokensBefore);
  const after = (run: AbRun): number => onBasis(basis, run.result.exact?.after, run.result.tokensAfter);
  const longest = Math.max(0, ...runs.map((run) => run.result.passes.length));
  const tokensAfterPasses = Array.from({ length: longest }, (_, index) =>
    medianOf(runs.flatMap((run) => (index < run.result.passes.length ? [onBasis(basis, run.result.passes[index].exact?.after, run.result.passes[index].tokensAfter)] : []))) ?? 0,
  );
  const kept = (run: AbRun): number => {
    const output = [system, ...run.result.messages].filter((message): message is Message => message !== undefined).map(messageText).join('\n');
    return lines.filter((line) => output.includes(line)).length;
  };
  const billed = runs.flatMap((run) => run.calls.filter((call) => !isRefused(call)));
  const measured = runs.flatMap((run) => (run.retention ? [run.retention] : []));
  return {
    runs: runs.length,
    succeeded: runs.filter((run) => run.result.success).length,
    tokensBefore: median(before),
    tokensAfter: median(after),
    gateSawAfter: median((run) => run.result.tokensAfter),
    tokensAfterPasses,
    passes: median((run) => run.result.passes.length),
    summarizerCalls: median((run) => run.result.summarizerCalls),
    providerCalls: median((run) => run.calls.length),
    costUsd: median((run) => run.calls.reduce((sum, call) => sum + (isRefused(call) ? 0 : (call.costUsd ?? 0)), 0)),
    unknownCostCalls: billed.filter((call) => call.costUsd === null).length,
    durationMs: median((run) => run.durationMs ?? run.result.passes.reduce((sum, pass) => sum + pass.durationMs, 0)),
    callDurationsMs: runs.flatMap((run) => run.calls.map((call) => call.durationMs)),
    pinnedLines: { total: lines.length, kept: median(kept) },
    tokensSaved: spreadOf(runs.map((run) => before(run) - after(run))),
    summary: runs[0] && lastSummaryOf(runs[0].result),
    retentionPercent: medianOf(measured.map((passes) => (passes[passes.length - 1]?.cumulative.overall ?? 1) * 100)),
    lossFlags: medianOf(measured.map((passes) => passes.reduce((sum, pass) => sum + pass.flags.length, 0))),
  };
}

function row(id: string, label: string, kind: AbMetricKind, a: AbCell, b: AbCell): AbMetricRow {
  const delta = a.value !== undefined && b.value !== undefined ? b.value - a.value : undefined;
  const differs = a.value !== b.value || a.of !== b.of || (a.unknownCost ?? 0) !== (b.unknownCost ?? 0);
  return { id, label, kind, a, b, delta, differs };
}

/** The side-by-side rows of two variants' numbers, in the order the table shows them. */
function metricRows(a: AbVariantStats, b: AbVariantStats): AbMetricRow[] {
  const both = (pick: (stats: AbVariantStats) => AbCell): [AbCell, AbCell] => [pick(a), pick(b)];
  const passCount = Math.max(a.tokensAfterPasses.length, b.tokensAfterPasses.length);
  const passRows = Array.from({ length: passCount }, (_, index) =>
    row(`tokens-after-pass-${index + 1}`, `context tokens after pass ${index + 1}`, 'tokens', ...both((stats) => ({ value: stats.tokensAfterPasses[index] }))),
  );
  return [
    row('tokens-before', 'context tokens before', 'tokens', ...both((stats) => ({ value: stats.tokensBefore }))),
    ...passRows,
    row('tokens-after', 'context tokens after', 'tokens', ...both((stats) => ({ value: stats.tokensAfter }))),
    row('tokens-saved', 'tokens saved', 'tokens', ...both((stats) => ({ value: stats.tokensSaved?.median }))),
    row('gate-saw-after', "the profile's own estimate after", 'tokens', ...both((stats) => ({ value: stats.gateSawAfter }))),
    row('passes', 'passes', 'count', ...both((stats) => ({ value: stats.passes }))),
    row('summarizer-calls', 'summarizer calls', 'count', ...both((stats) => ({ value: stats.summarizerCalls }))),
    row('provider-calls', 'provider calls', 'count', ...both((stats) => ({ value: stats.providerCalls }))),
    row('cost', 'summarizer cost', 'usd', ...both((stats) => ({ value: stats.costUsd, unknownCost: stats.unknownCostCalls }))),
    row('latency', 'latency (run)', 'ms', ...both((stats) => ({ value: stats.durationMs }))),
    row('call-latency', 'latency (median call)', 'ms', ...both((stats) => ({ value: medianOf(stats.callDurationsMs) }))),
    row('pinned-lines', 'pinned lines kept', 'count', ...both((stats) => ({ value: stats.pinnedLines.kept, of: stats.pinnedLines.total }))),
    // Only when retention was measured (the CLI measures it; callers that do not get no empty rows).
    ...(a.retentionPercent !== undefined || b.retentionPercent !== undefined
      ? [row('retention', 'facts kept', 'percent', ...both((stats) => ({ value: stats.retentionPercent }))), row('loss-flags', 'loss flags', 'count', ...both((stats) => ({ value: stats.lossFlags })))]
      : []),
    row('succeeded', 'runs succeeded', 'count', ...both((stats) => ({ value: stats.succeeded, of: stats.runs }))),
  ];
}

/** Compares two variants run on the same transcript (`system` is its system prompt), token figures on `basis`. */
export function compareVariants(a: AbVariantInput, b: AbVariantInput, basis: ContextBasis, system?: Message): AbComparison {
  const statsA = variantStats(a, basis, system);
  const statsB = variantStats(b, basis, system);
  return { a: statsA, b: statsB, rows: metricRows(statsA, statsB), summariesDiffer: (statsA.summary ?? '') !== (statsB.summary ?? '') };
}
