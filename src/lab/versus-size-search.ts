import { contextTokens, type RunResult, type TokenCounter } from '../engine';
import type { ConfigDocument } from '../engine/config';
import { sizedLikeAgent } from './versus-sizing';

/** How many runs the search makes at most: each is a whole compaction run, so it stays bounded. */
export const maxSizingTries = 5;

/** Within this share of the target (either way), a try is near enough and the search stops. */
const nearEnough = 0.1;

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
}

/** The try the search kept, how many it made, and how far it came from the target. */
export interface SizingSearch<Run extends Ran> {
  chosen: SizedTry<Run>;
  tries: number;
  targetTokens: number;
  /** `chosen.tokens ÷ targetTokens`. */
  multiple: number;
}

/** How far a size is from the target, alike both ways (1.25× as far as 0.8×). */
const distance = (tokens: number, target: number): number => Math.abs(Math.log(Math.max(1, tokens) / target));

/**
 * Searches for the size a profile must be asked for so that its compacted context lands near the agent's summary of
 * `targetTokens` tokens. `sizedLike` bounds the summary and what is kept beside it by one figure, but a kept tail is
 * cut on message boundaries and a summary writes less than its budget, so asking for the target rarely lands on it:
 * each try runs the real engine (`run`, which forces the gate as the comparison would), counts the context exactly,
 * and scales the figure by how far it landed (target ÷ reached) for the next. Stops near enough (within 10 %), on a
 * figure already tried, when a new figure changes nothing (the profile's size does not follow it) or the profile made
 * no pass, on a failed run,
 * or after `maxSizingTries`; keeps the nearest successful try. Undefined when
 * the document names no known profile (the run refuses it in its own words).
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
  const askedBefore = new Set<number>();
  let tries = 0;
  let previousTokens: number | undefined;
  while (tries < maxSizingTries) {
    const figure = Math.max(1, Math.round(asked));
    if (askedBefore.has(figure)) break;
    askedBefore.add(figure);
    const sized = sizedLikeAgent(document, figure);
    if (!sized) return undefined;
    const ran = await run(sized.document);
    tries += 1;
    const { result } = ran;
    if (!result.success) {
      if (chosen) break;
      return { failed: ran, settings: sized.settings };
    }
    const context = result.passes.at(-1)?.messages ?? result.messages;
    const tried: SizedTry<Run> = { ran, document: sized.document, settings: sized.settings, tokens: contextTokens(context, count) };
    const isUnmoved = previousTokens === tried.tokens;
    previousTokens = tried.tokens;
    if (!chosen || distance(tried.tokens, target) < distance(chosen.tokens, target)) chosen = tried;
    // No pass even forced: the side is the uncompacted context, whatever size is asked for.
    if (result.passes.length === 0 || isUnmoved || distance(tried.tokens, target) <= Math.log(1 + nearEnough)) break;
    asked = figure * (target / Math.max(1, tried.tokens));
  }
  if (!chosen) return undefined;
  return { chosen, tries, targetTokens: target, multiple: chosen.tokens / target };
}
