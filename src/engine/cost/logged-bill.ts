import type { Transcript, Usage } from '../transcript/model';
import { addCosts, costByKind, noCost, totalOf, type BilledTokens, type CostByKind, type KindOrigins, type PriceBook, type PriceOrigin } from './prices';
import { addTokens, billedTokensOf, inputSideOf, noTokens } from './logged-tokens';

/** What the calls of one model cost. */
interface ModelBill {
  /** The model id as the source logged it. */
  model: string;
  calls: number;
  /** US dollars, or null when no price is known for the model ("cost unknown", never 0). */
  usd: number | null;
  byKind: CostByKind | null;
  /** Where the prices came from (catalog or the user's override); absent when unknown. */
  priceOrigin?: PriceOrigin;
  /** With the user's override: which kinds' prices are the user's and which the catalog's (or the input price). */
  kindOrigins?: KindOrigins;
  /** The catalog's id the model was priced as, when its spelling differs from the logged one. */
  pricedAs?: string;
  tokens: BilledTokens;
}

/** The part of the bill that could be priced: every call whose model has a price. */
interface PricedPart {
  calls: number;
  usd: number;
  byKind: CostByKind;
  /** What the same calls would have cost with no prompt caching: every input token at the input price. */
  withoutCachingUsd: number;
}

/**
 * What the model calls a transcript logged cost: provider-logged usage × the price book's prices, each call priced at
 * its own time and prompt size. Totals are null whenever one call's model has no price, so a partial sum never
 * poses as the whole; `priced` always holds the part that could be priced.
 */
export interface LoggedBill {
  /** Model calls with logged usage, each counted once (responses the conversation leaves out included). */
  calls: number;
  /** US dollars, every kind; null when a model has no price, and when no call was logged (no bill is not a $0 bill). */
  totalUsd: number | null;
  byKind: CostByKind | null;
  /** The same calls with no prompt caching (every input token at the input price); null when any model is unknown. */
  withoutCachingUsd: number | null;
  priced: PricedPart;
  byModel: ModelBill[];
  /** Models with no price (named, so the page can say "cost unknown" beside each). */
  unknownModels: string[];
  /** Cache-read tokens over every input token the calls sent (uncached + cache read + cache write); null with no input. */
  cacheHitRate: number | null;
  /** The logged tokens by how they were billed, over every call. */
  tokens: BilledTokens;
  pricesAsOf: string;
  pricesSource: string;
}

/** The name a call without a logged model is billed under. */
const noModelLogged = '(model not logged)';

/** One call the source logged: its usage, model and time. */
interface LoggedCall {
  usage: Usage;
  model?: string;
  at?: string;
}

/**
 * Every model call `transcript` logged usage for, each once: the messages that carry usage (one per API call, the
 * importers merge split responses) and the calls the conversation leaves out (`meta.unlistedCalls`: abandoned
 * branches). A call without its own model is taken for the transcript's.
 */
function loggedCalls(transcript: Transcript): LoggedCall[] {
  const fromMessages = transcript.messages.flatMap((message) =>
    message.usage ? [{ usage: message.usage, model: message.model ?? transcript.meta.model, at: message.createdAt }] : [],
  );
  const unlisted = (transcript.meta.unlistedCalls ?? []).map((call) => ({ usage: call.usage, model: call.model ?? transcript.meta.model, at: call.at }));
  return [...fromMessages, ...unlisted];
}

/** True when the transcript logged usage for at least one model call, so a bill can be drawn up (and prices loaded). */
export function hasLoggedUsage(transcript: Transcript): boolean {
  return transcript.messages.some((message) => message.usage !== undefined) || (transcript.meta.unlistedCalls?.length ?? 0) > 0;
}

/** What one model's calls add up to while the bill is drawn up. */
interface ModelTally {
  calls: number;
  cost: CostByKind;
  withoutCaching: number;
  isUnknown: boolean;
  priceOrigin?: PriceOrigin;
  kindOrigins?: KindOrigins;
  pricedAs?: string;
  tokens: BilledTokens;
}

/**
 * The logged bill of `transcript` at `book`'s prices. Each call is priced at its own time (`at`, so a price that
 * changed mid-session applies from its date) and prompt size (its whole input side picks a long-context tier). The
 * input side follows one rule for every provider: uncached input = context − cache read − cache write where the
 * context is known (OpenAI counts cached tokens in its input, Anthropic does not; the importers' context is whole).
 */
export function loggedBill(transcript: Transcript, book: PriceBook): LoggedBill {
  const tallies = new Map<string, ModelTally>();
  let tokens = noTokens;
  for (const call of loggedCalls(transcript)) {
    const model = call.model ?? noModelLogged;
    const billed = billedTokensOf(call.usage);
    tokens = addTokens(tokens, billed);
    const tally = tallies.get(model) ?? { calls: 0, cost: noCost, withoutCaching: 0, isUnknown: false, tokens: noTokens };
    tallies.set(model, tally);
    tally.calls += 1;
    tally.tokens = addTokens(tally.tokens, billed);
    const found = call.model === undefined ? undefined : book.pricesFor(call.model, { promptTokens: inputSideOf(billed), at: call.at });
    if (!found) {
      tally.isUnknown = true;
      continue;
    }
    tally.priceOrigin ??= found.origin;
    if (found.kindOrigins) tally.kindOrigins ??= found.kindOrigins;
    if (found.matchedModel !== undefined && found.matchedModel !== model) tally.pricedAs ??= found.matchedModel;
    const cost = costByKind(billed, found.prices);
    tally.cost = addCosts(tally.cost, cost);
    tally.withoutCaching += totalOf(costByKind({ ...noTokens, uncachedInput: inputSideOf(billed), output: billed.output }, found.prices));
  }
  const byModel: ModelBill[] = [...tallies].map(([model, tally]) => ({
    model,
    calls: tally.calls,
    // A model priced for some calls and not others is unknown as a whole: its sum would be partial.
    usd: tally.isUnknown ? null : totalOf(tally.cost),
    byKind: tally.isUnknown ? null : tally.cost,
    ...(tally.isUnknown || tally.priceOrigin === undefined ? {} : { priceOrigin: tally.priceOrigin }),
    ...(tally.isUnknown || tally.kindOrigins === undefined ? {} : { kindOrigins: tally.kindOrigins }),
    ...(tally.isUnknown || tally.pricedAs === undefined ? {} : { pricedAs: tally.pricedAs }),
    tokens: tally.tokens,
  }));
  const known = [...tallies.values()].filter((tally) => !tally.isUnknown);
  const pricedCost = known.reduce((sum, tally) => addCosts(sum, tally.cost), noCost);
  const priced: PricedPart = {
    calls: known.reduce((sum, tally) => sum + tally.calls, 0),
    usd: totalOf(pricedCost),
    byKind: pricedCost,
    withoutCachingUsd: known.reduce((sum, tally) => sum + tally.withoutCaching, 0),
  };
  const unknownModels = byModel.filter((bill) => bill.usd === null).map((bill) => bill.model);
  // No logged call is no bill at all: unknown, never $0.
  const isWhole = unknownModels.length === 0 && byModel.length > 0;
  const inputSide = inputSideOf(tokens);
  return {
    calls: byModel.reduce((sum, bill) => sum + bill.calls, 0),
    totalUsd: isWhole ? priced.usd : null,
    byKind: isWhole ? priced.byKind : null,
    withoutCachingUsd: isWhole ? priced.withoutCachingUsd : null,
    priced,
    byModel,
    unknownModels,
    cacheHitRate: inputSide > 0 ? tokens.cacheRead / inputSide : null,
    tokens,
    pricesAsOf: book.asOf,
    pricesSource: book.source,
  };
}
