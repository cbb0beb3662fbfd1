import { promptProblems, type ConfigDocument } from '../engine/config';
import type { PriceOverrides } from '../providers/prices/overrides';
import type { CompactProviders } from '../worker-client/protocol';
import { chosenProviders } from './chosen-providers';
import { configTextProblem, type ParsedConfig } from './parsed-config';
import { useProviderStore, type RungDraft, type RungName } from './provider-store';
import { runDocument } from './run-document';

/** What a request from the page carries beyond its transcript: the document to run, and the summarizers with their prices. */
export interface CheckedRunRequest {
  config: ConfigDocument;
  /** Live providers, or none for the offline summarizer. */
  providers?: CompactProviders;
  /** The user's price overrides (on top of the catalog): they price the agent's own calls and the policy's, offline too. */
  prices: PriceOverrides;
}

/** Who a refusal is about: the run panel's config by default, or a named variant (`Variant B`, `Policy B`). */
export interface RequestOptions {
  name?: string;
  /** The variant's own summarizer rungs (A/B's B); the page's when absent. */
  rungs?: Record<RungName, RungDraft>;
}

/**
 * The page's one pre-flight, for Run, Replay, Vs agent and A/B: the config's text is a JSON object, its prompt
 * overrides fill only their own `{{variables}}`, and the chosen summarizers can be called; then the request's document
 * with its window (`runDocument`) and providers. Said before the round trip; the worker's own pre-flight
 * (`preflightConfig` in the lab) refuses the same should anything reach it.
 */
export function checkedRunRequest(parsed: ParsedConfig, options: RequestOptions = {}): CheckedRunRequest | { problem: string } {
  const prefix = options.name === undefined ? '' : `${options.name}: `;
  const textProblem = configTextProblem(parsed, options.name === undefined ? 'The config' : `${options.name}'s config`);
  if (textProblem !== undefined || parsed.document === undefined) return { problem: textProblem ?? 'The config is not a JSON object.' };
  // A mistyped {{variable}} would reach the model as literal braces: refuse before any call is made.
  const prompts = promptProblems(parsed.document);
  if (prompts.length > 0) return { problem: `${prefix}${prompts.map((problem) => problem.message).join(' ')}` };
  const { mode, rungs, prices } = useProviderStore.getState();
  const chosen = chosenProviders(mode, options.rungs ?? rungs);
  if ('error' in chosen) return { problem: `${prefix}${chosen.error}` };
  return { config: runDocument(parsed.document), ...(chosen.providers ? { providers: chosen.providers } : {}), prices };
}
