import { groupDigits } from '../group-digits';
import { medianOf } from '../statistics/spread';
import type { LoggedCall } from './logged-calls';

/**
 * The system prompt and tool schemas a model call carried that the source never stored (Claude Code and most agent
 * logs keep neither), estimated from provider-logged usage. Compaction never removes it: it is in every context.
 */
interface UnstoredOverhead {
  /** Tokens in the page's encoding (the unit of our exact counts); 0 when nothing is logged. */
  tokens: number;
  /** The same overhead in the provider's own tokens (the fit's intercept), when the calls allow a fit. */
  providerTokens?: number;
  /** Logged calls it was estimated from. */
  calls: number;
  /** `fit`: intercept of a line through every call; `smallest-calls`: logged − ours at the least-filled calls; `none`: nothing logged. */
  method: 'fit' | 'smallest-calls' | 'none';
  /** How the figure was reached, in one sentence for the page and the CLI. */
  note: string;
}

/** Provider tokens per token of ours for the transcript's content, fitted over the logged calls. */
export interface Calibration {
  /** The model whose calls were fitted (the most frequent one). */
  model: string;
  /** The fit's slope: provider tokens per token of ours. */
  ratio: number;
  /** 10th–90th percentile of the pairwise slopes the ratio is the median of. */
  spread: { low: number; high: number };
  calls: number;
  /** The unstored overhead in provider tokens (the fit's intercept, at least 0). */
  overheadTokens: number;
}

/** What logged usage says about a transcript: its unstored overhead and, where the calls allow, a tokenizer calibration. */
export interface UsageFit {
  overhead: UnstoredOverhead;
  calibration: Calibration | null;
  /** Why there is no calibration, or what it rests on. */
  calibrationNote: string;
  /** When there is no calibration, why in a few words for a picker (`only 4 logged calls`). */
  calibrationRefusal?: string;
  /** The last logged call, to set the provider's figure beside ours for exactly the messages it saw. */
  lastCall?: LoggedCall;
}

/**
 * The fewest calls, and the least spread of their contexts in our tokens, that a slope can rest on. Four calls give
 * at most six pairwise slopes, and on the real fixtures those fits were the wrong ones: Claude Code tool_heavy fitted
 * 1.653 from 4 calls where the same model fits 1.354 over 157, and an OpenHands run fitted 0.659 from 4.
 */
const minimumFitCalls = 5;
const minimumFitRange = 1_000;
/**
 * Provider tokens per token of ours that a real tokenizer gives. Measured over the fixtures: 14 Claude Code sessions
 * 0.96–1.35 (Claude Opus 4.5/4.6, Haiku 4.5), Llama 4 Maverick 1.02–1.14 (three OpenHands runs), gpt-4o-mini 1.01.
 * Below the band our count grows faster than the provider's, which no tokenizer does: we count text the model was
 * never sent. Above it the source is missing what the model saw.
 */
const plausibleRatios = { low: 0.8, high: 1.6 };
const band = `${plausibleRatios.low}–${plausibleRatios.high}`;
/** Points a fit reads at most (evenly spaced), so the pairwise slopes stay under 20,000. */
const maximumFitPoints = 200;

const integer = (value: number): string => groupDigits(Math.round(value));

/** The value at quantile `q` (0–1) of an ascending list, interpolated linearly. */
function quantile(sorted: readonly number[], q: number): number {
  const position = (sorted.length - 1) * q;
  const lower = Math.floor(position);
  const upper = Math.ceil(position);
  return sorted[lower] + (sorted[upper] - sorted[lower]) * (position - lower);
}

function evenlySpaced<Item>(items: readonly Item[], count: number): Item[] {
  if (items.length <= count) return [...items];
  return Array.from({ length: count }, (_, index) => items[Math.round((index * (items.length - 1)) / (count - 1))]);
}

/** The most frequent model among the calls. */
function dominantModel(calls: readonly LoggedCall[]): string | undefined {
  const counts = new Map<string, number>();
  for (const call of calls) if (call.model) counts.set(call.model, (counts.get(call.model) ?? 0) + 1);
  let best: string | undefined;
  for (const [model, count] of counts) if (best === undefined || count > (counts.get(best) ?? 0)) best = model;
  return best;
}

/**
 * Theil–Sen slope of logged against ours: the median of the slopes between calls whose contexts differ by at least a
 * tenth of the whole range (closer pairs are mostly noise), with their 10th–90th percentile as the spread.
 */
function robustSlope(calls: readonly LoggedCall[], range: number): { slope: number; low: number; high: number } | undefined {
  const points = evenlySpaced(calls, maximumFitPoints);
  const slopes: number[] = [];
  const minimumGap = Math.max(1, range / 10);
  for (let left = 0; left < points.length; left++) {
    for (let right = left + 1; right < points.length; right++) {
      const gap = points[right].ourTokens - points[left].ourTokens;
      if (Math.abs(gap) >= minimumGap) slopes.push((points[right].loggedTokens - points[left].loggedTokens) / gap);
    }
  }
  if (slopes.length === 0) return undefined;
  slopes.sort((left, right) => left - right);
  return { slope: quantile(slopes, 0.5), low: quantile(slopes, 0.1), high: quantile(slopes, 0.9) };
}

/** The overhead where no slope can be trusted: logged − ours at the least-filled tenth of the calls, where a tokenizer difference weighs least. */
function smallestCallsOverhead(calls: readonly LoggedCall[], why: string): UnstoredOverhead {
  const byContext = [...calls].sort((left, right) => left.ourTokens - right.ourTokens);
  const smallest = byContext.slice(0, Math.max(1, Math.ceil(calls.length / 10)));
  const tokens = Math.max(0, Math.round(medianOf(smallest.map((call) => call.loggedTokens - call.ourTokens)) ?? 0));
  const which = smallest.length === 1 ? (calls.length === 1 ? 'the one logged call' : `the least-filled of ${calls.length} logged calls`) : `the ${smallest.length} least-filled of ${calls.length} logged calls (median)`;
  return {
    tokens,
    calls: calls.length,
    method: 'smallest-calls',
    note: `Provider-logged context minus our count at ${which}, ${integer(tokens)} tokens (${why}): the system prompt and tool schemas, and anything else the source did not keep.`,
  };
}

/** Why a slope outside the band is no calibration: which side it falls on says what the transcript gets wrong. */
function implausibleSlope(slope: number | undefined, encodingLabel: string): string {
  if (slope === undefined) return 'the calls give no slope';
  if (slope < plausibleRatios.low) {
    return `the calls give ${slope.toFixed(3)} provider tokens per ${encodingLabel} token, below the ${band} of any current tokenizer: the transcript holds text the model was never sent (content counted twice, or shown only to the user)`;
  }
  const growth = slope < 10 ? slope.toFixed(2) : slope.toFixed(1);
  return `logged usage grows ${growth}× as fast as the transcript's content, above the ${band} of any current tokenizer: the source does not hold everything the model saw (redacted, elided or unstored content)`;
}

/**
 * Fits logged usage against our exact counts: `logged ≈ overhead + ratio × ours` by a robust line through the calls
 * (Theil–Sen). The intercept is what the provider counted with no stored message at all — the unstored system prompt
 * and tool schemas — and the slope calibrates our encoding to the provider's tokenizer. A plain median of
 * `logged − ours` would fold the tokenizer difference, which grows with the context, into the overhead. Where the calls
 * cannot carry a slope (fewer than five, too alike, or a slope outside what tokenizers give), the overhead is taken at the least-filled
 * calls and there is no calibration.
 */
export function fitLoggedUsage(calls: readonly LoggedCall[], encodingLabel: string): UsageFit {
  if (calls.length === 0) {
    const note = 'The source logged no per-call usage, so nothing is added for a system prompt or tools not in the file: the figures hold only what the transcript stores.';
    return { overhead: { tokens: 0, calls: 0, method: 'none', note }, calibration: null, calibrationNote: 'The source logged no per-call usage to calibrate against.', calibrationRefusal: 'no logged usage' };
  }
  const lastCall = calls.reduce((latest, call) => (call.messageIndex > latest.messageIndex ? call : latest));
  const model = dominantModel(calls);
  const fitted = model ? calls.filter((call) => call.model === model) : [...calls];
  const usable = fitted.length >= minimumFitCalls ? fitted : [...calls];
  usable.sort((left, right) => left.ourTokens - right.ourTokens);
  const range = usable[usable.length - 1].ourTokens - usable[0].ourTokens;
  if (usable.length < minimumFitCalls) {
    const why = `only ${usable.length} logged call${usable.length === 1 ? '' : 's'}; a calibration needs at least ${minimumFitCalls} at different context sizes (fewer give too few pairs of calls to trust a slope)`;
    const refusal = `only ${usable.length} logged call${usable.length === 1 ? '' : 's'}`;
    return { overhead: smallestCallsOverhead(calls, 'too few calls for a tokenizer fit'), calibration: null, calibrationNote: `No calibration: ${why}.`, calibrationRefusal: refusal, lastCall };
  }
  if (range < minimumFitRange) {
    const why = `the logged calls' contexts differ by only ${integer(range)} tokens`;
    return { overhead: smallestCallsOverhead(calls, why), calibration: null, calibrationNote: `No calibration: ${why}.`, calibrationRefusal: 'the calls’ contexts are too alike', lastCall };
  }
  const line = robustSlope(usable, range);
  if (!line || line.slope < plausibleRatios.low || line.slope > plausibleRatios.high) {
    const refusal = line ? `a ratio of ${line.slope.toFixed(3)}, outside ${band}` : 'no slope';
    return { overhead: smallestCallsOverhead(calls, 'no tokenizer fit'), calibration: null, calibrationNote: `No calibration: ${implausibleSlope(line?.slope, encodingLabel)}.`, calibrationRefusal: refusal, lastCall };
  }
  const intercept = medianOf(usable.map((call) => call.loggedTokens - line.slope * call.ourTokens)) ?? 0;
  const providerTokens = Math.max(0, Math.round(intercept));
  const tokens = Math.round(providerTokens / line.slope);
  // Too few calls of the most frequent model fall back to every call: then the calibration is not that model's alone.
  const modelName = model === undefined ? 'the logged model' : usable.every((call) => call.model === model) ? model : `${model} and other models`;
  const note =
    `Fitted over ${usable.length} logged calls: provider usage ≈ ${integer(providerTokens)} + ${line.slope.toFixed(3)} × our count; ` +
    `the ${integer(providerTokens)} provider tokens at zero messages are the system prompt and tool schemas the source never stored, ≈ ${integer(tokens)} in ${encodingLabel}.`;
  return {
    overhead: { tokens, providerTokens, calls: usable.length, method: 'fit', note },
    calibration: { model: modelName, ratio: line.slope, spread: { low: line.low, high: line.high }, calls: usable.length, overheadTokens: providerTokens },
    calibrationNote: `Calibrated to ${modelName}: ${line.slope.toFixed(3)} provider tokens per ${encodingLabel} token (10th–90th percentile ${line.low.toFixed(3)}–${line.high.toFixed(3)}) over ${usable.length} calls.`,
    lastCall,
  };
}
