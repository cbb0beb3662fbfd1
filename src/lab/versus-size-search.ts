import { contextBasis, contextTokens, runOutcome, type RunResult, type TokenCounter } from '../engine';
import type { ConfigDocument } from '../engine/config';
import { sizedLikeAgent } from './versus-sizing';

/** How many runs the search makes at most: each is a whole compaction run, so it stays bounded. */
export const maxSizingTries = 6;

/** Within this share under the target, a try is near enough and the search stops (a try over it never is). */
const nearEnough = 0.1;

/** Within these multiples of the target a sized run counts as at its size (the quality bench's band). */
const sizeBand = { low: 0.8, high: 1.25 };

/** What one run of the search answers: at least its result (the comparison adds how its gate was forced). */
interface Ran {
  result: RunResult;
}

/** One sized run: what it answered, the document it ran and the settings the sizing set. */
interface SizedTry<Run extends Ran> {
  ran: Run;
  document: ConfigDocument;
  settings: Record<string, unknown>;
  /** Exact tokens of the profile's compacted context (what the comparison counts on its side). */
  tokens: number;
  /** Exact tokens of the messages it kept beside its summaries (every message not a summary). */
  keptTokens: number;
}

/**
 * How the search ended: `near` within 0.8–1.25× of the target; `far` when no try came that near (the profile's size
 * does not follow the figure that far); `broken` when the only run it kept is one the engine flags as replacing
 * nothing or wiping the history.
 */
export type SizingLanding = 'near' | 'far' | 'broken';

/** The try the search kept, how many it made, how far it came from the target, and that outcome in words. */
export interface SizingSearch<Run extends Ran> {
  chosen: SizedTry<Run>;
  tries: number;
  targetTokens: number;
  /** `chosen.tokens ÷ targetTokens`. */
  multiple: number;
  landing: SizingLanding;
  /** What the search reached, in a sentence: the multiple, and why it could not come nearer when it did not. */
  outcome: string;
}

/**
 * Below this elasticity (the change in size over the change in the figure, both as logarithms) the profile's size does
 * not follow the figure: a tenfold figure moves it by under 26 %. Scaling further would only starve the summary (a
 * verbatim turn larger than the target stays whatever the summary's budget) or feed it a budget it does not use.
 */
const followsBelow = 0.1;

/** How far a size is from the target, alike both ways (1.25× as far as 0.8×). */
const distance = (tokens: number, target: number): number => Math.abs(Math.log(Math.max(1, tokens) / target));

/** At the target or under it, within the size band: a size a comparison "at the agent's size" can claim. */
const isAtMostTarget = (tokens: number, target: number): boolean => tokens <= target && tokens >= sizeBand.low * target;

/**
 * Whether a try is a better pick than the one kept: one at most the target (within the band) beats one over it, since
 * a comparison at the agent's size must not hold more than the agent did; otherwise the nearer one.
 */
function isBetter(candidate: number, kept: number, target: number): boolean {
  const [candidateFits, keptFits] = [isAtMostTarget(candidate, target), isAtMostTarget(kept, target)];
  if (candidateFits !== keptFits) return candidateFits;
  return distance(candidate, target) < distance(kept, target);
}

/**
 * Why a run is no sized compaction at all, in the engine's own words (`replaced-nothing`, `history-wiped`): such a run
 * is never kept as the nearest, whatever its size.
 */
function brokenWords(result: RunResult): string | undefined {
  if (result.passes.length === 0) return undefined;
  const basis = contextBasis(result.exact?.encoding ?? 'o200k_base', undefined);
  return runOutcome(result, basis, {}).flags.find((flag) => flag.kind === 'replaced-nothing' || flag.kind === 'history-wiped')?.message;
}

const integer = (value: number): string => value.toLocaleString('en-US');

/** The search's outcome in words, from what it kept and the tries it made. */
function outcomeWords(chosen: SizedTry<Ran>, target: number, tried: readonly { tokens: number }[], broken: string | undefined): { landing: SizingLanding; outcome: string } {
  const multiple = chosen.tokens / target;
  const reached = `${integer(chosen.tokens)} tokens, ${multiple.toFixed(2)}× the ${integer(target)}-token target`;
  if (broken !== undefined) return { landing: 'broken', outcome: `The sized run is broken at ${reached}: ${broken}` };
  if (chosen.ran.result.passes.length === 0) return { landing: 'far', outcome: `The sized run made no pass, even forced: its context is the uncompacted history, ${reached}.` };
  if (multiple >= sizeBand.low && multiple <= sizeBand.high) return { landing: 'near', outcome: `The sized run reached ${reached}.` };
  const sizes = [...new Set(tried.map((each) => each.tokens))].sort((left, right) => left - right);
  const range = sizes.length > 1 ? `its ${tried.length} tries landed between ${integer(sizes[0])} and ${integer(sizes[sizes.length - 1])} tokens` : `every try landed at ${integer(sizes[0])} tokens`;
  const side = multiple < sizeBand.low ? 'below' : 'above';
  if (chosen.keptTokens >= target) {
    return { landing: 'far', outcome: `The sized run could not reach its size: the messages it keeps verbatim beside its summary are ${integer(chosen.keptTokens)} tokens alone, over the ${integer(target)}-token target, so no summary budget brings it nearer; it stays at ${reached}.` };
  }
  return { landing: 'far', outcome: `The sized run could not reach its size: ${range}, so it stays ${side} the target at ${reached} (the profile's context does not follow its size settings any nearer).` };
}

/**
 * Searches for the size a profile must be asked for so that its compacted context lands near the agent's summary of
 * `targetTokens` tokens. `sizedLike` bounds the summary and what is kept beside it by one figure, but a kept tail is
 * cut on message boundaries and a summary writes less than its budget, so asking for the target rarely lands on it:
 * each try runs the real engine (`run`, which forces the gate as the comparison would), counts the context exactly,
 * and scales the figure by how far it landed (target ÷ reached) for the next — or, once one try landed under the
 * target and another over it, takes the figure halfway between theirs (geometric mean), since a tail cut on message
 * boundaries jumps past the target both ways.
 *
 * Stops near enough (at most the target and within 10 % under it: a try over the target goes on narrowing, since a
 * comparison at the agent's size must not hold more than the agent did), on a figure already tried, when a new figure
 * barely moves the size before the target is bracketed (the profile's size does not follow it: `followsBelow`), when
 * what the profile keeps verbatim beside its summary is alone over the target (a smaller figure would only starve the
 * summary), when the profile made no pass, on a failed run, on a broken run (one the engine flags as replacing nothing
 * or wiping the history, never kept as the nearest), or after `maxSizingTries`. Keeps the successful try that is not
 * broken and lies at most at the target and at least 0.8× of it, the nearest such first, else the nearest; says how it
 * landed in words (`outcome`). Undefined when the document names no known profile (the run refuses it in its own
 * words).
 */
export async function searchAgentSizing<Run extends Ran>(
  document: ConfigDocument,
  targetTokens: number,
  count: TokenCounter,
  run: (document: ConfigDocument) => Promise<Run>,
): Promise<SizingSearch<Run> | { failed: Run; settings: Record<string, unknown> } | undefined> {
  const target = Math.max(1, targetTokens);
  let asked = target;
  let chosen: SizedTry<Run> | undefined;
  let brokenTry: { tried: SizedTry<Run>; words: string } | undefined;
  const askedBefore = new Set<number>();
  const tried: SizedTry<Run>[] = [];
  let under: { figure: number; tokens: number } | undefined;
  let over: { figure: number; tokens: number } | undefined;
  let previous: { figure: number; tokens: number } | undefined;
  while (tried.length < maxSizingTries) {
    const figure = Math.max(1, Math.round(asked));
    if (askedBefore.has(figure)) break;
    askedBefore.add(figure);
    const sized = sizedLikeAgent(document, figure);
    if (!sized) return undefined;
    const ran = await run(sized.document);
    const { result } = ran;
    if (!result.success) {
      if (chosen) break;
      return { failed: ran, settings: sized.settings };
    }
    const context = result.passes.at(-1)?.messages ?? result.messages;
    const kept = context.filter((message) => message.origin !== 'summary');
    const attempt: SizedTry<Run> = { ran, document: sized.document, settings: sized.settings, tokens: contextTokens(context, count), keptTokens: contextTokens(kept, count) };
    tried.push(attempt);
    const broken = brokenWords(result);
    if (broken !== undefined) {
      brokenTry ??= { tried: attempt, words: broken };
      break;
    }
    const isUnmoved = previous !== undefined && Math.abs(Math.log(Math.max(1, attempt.tokens) / Math.max(1, previous.tokens))) < followsBelow * Math.abs(Math.log(figure / previous.figure));
    previous = { figure, tokens: attempt.tokens };
    if (!chosen || isBetter(attempt.tokens, chosen.tokens, target)) chosen = attempt;
    if (attempt.tokens < target && (!under || figure > under.figure)) under = { figure, tokens: attempt.tokens };
    if (attempt.tokens > target && (!over || figure < over.figure)) over = { figure, tokens: attempt.tokens };
    const isBracketed = under !== undefined && over !== undefined && under.figure < over.figure;
    // No pass even forced: the side is the uncompacted context, whatever size is asked for.
    // What it keeps verbatim is alone over the target: a smaller figure would only starve the summary.
    const isTailOver = attempt.keptTokens >= target;
    if (result.passes.length === 0 || isTailOver || (isUnmoved && !isBracketed) || (attempt.tokens <= target && distance(attempt.tokens, target) <= Math.log(1 + nearEnough))) break;
    asked = isBracketed && under && over ? Math.sqrt(under.figure * over.figure) : figure * (target / Math.max(1, attempt.tokens));
  }
  if (chosen) return { chosen, tries: tried.length, targetTokens: target, multiple: chosen.tokens / target, ...outcomeWords(chosen, target, tried, undefined) };
  if (brokenTry) return { chosen: brokenTry.tried, tries: tried.length, targetTokens: target, multiple: brokenTry.tried.tokens / target, ...outcomeWords(brokenTry.tried, target, tried, brokenTry.words) };
  return undefined;
}
