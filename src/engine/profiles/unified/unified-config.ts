import * as z from 'zod';
import { stallRatio } from '../../run/stall-rule';
import { autoCompactorConfigSchema } from '../auto-compactor/parts';

const count = z.number().int().nonnegative();

/** The field a null summarizer window falls back to, as its description names it. */
const windowField = 'window';

/** Seed 1's fields, taken with their descriptions from the auto-compactor's schema. */
const seedOne = autoCompactorConfigSchema.shape;

/** The tier-2 strategies (seed 3's `hard_limit_strategy`); `none` turns tier 2 off. */
const unifiedTier2StrategySchema = z.enum(['truncate', 'observation-mask', 'llm', 'none']);

/**
 * The `unified` profile's config: the seeds' parts as one pipeline, named as the seeds name them. Numbers default to
 * the seeds' (seed 1 for the gate, passes, ladder and budgets; seed 3 for microcompaction, masking and tier 2), and
 * every stage is on. Durations are milliseconds. Seed 1's own fields are the auto-compactor's; every field is described
 * for the config form.
 */
export const unifiedConfigSchema = z.object({
  window: seedOne.window,
  reserveTokens: seedOne.reserveTokens,
  triggerRatio: seedOne.triggerRatio,
  keepRecentTokens: seedOne.keepRecentTokens,
  force: seedOne.force,
  maxPasses: seedOne.maxPasses,
  maxAttempts: seedOne.maxAttempts,
  baseBackoffMs: seedOne.baseBackoffMs,
  attemptBudgetMs: seedOne.attemptBudgetMs,
  totalBudgetMs: seedOne.totalBudgetMs,
  toolOutputMaxChars: count.nullable().default(16_000).describe("Harn's microcompaction limit in UTF-8 bytes per tool output; none turns the stage off."),
  // The last `keepLast` messages are never masked.
  observationMask: z
    .object({ enabled: z.boolean().default(true).describe('Mask older tool outputs.'), keepLast: count.default(12).describe('The last messages that are never masked.') })
    .default({ enabled: true, keepLast: 12 })
    .describe("Harn's observation mask, applied in place to older tool outputs."),
  summary: z.boolean().default(true).describe("The Dart AutoCompactor's summary, tried on the cheap model, then the main model, then truncated."),
  // Null = 75 % of max(window, 4096), as seed 3 adapts.
  hardLimitTokens: count.nullable().default(null).describe('Tier 2 fires when the context after the summary is above this; none = 75 % of max(window, 4096).'),
  hardLimitStrategy: unifiedTier2StrategySchema.default('truncate').describe('Tier 2 strategy; `none` turns tier 2 off.'),
  localTrim: z.boolean().default(true).describe("The Dart AutoCompactor's emergency valve when a pass could not summarize and the context is still over the gate."),
  prompts: seedOne.prompts,
  operativeSkills: seedOne.operativeSkills,
  // Counted by the token counter.
  summarizerWindowTokens: z.number().int().positive().nullable().default(null).describe(`The summarizer's own window (system + prompt); none = ${windowField}.`),
  stallRatio: z.number().min(0).max(1).default(stallRatio).describe('A pass that leaves the context over the gate and saves less than this share of it stops the run.'),
  estimator: seedOne.estimator,
});

/** A parsed unified config. */
export type UnifiedConfig = z.infer<typeof unifiedConfigSchema>;

/** The hard limit a run uses: the configured one, or seed 3's adaptation of the window (75 % of max(window, 4096)). */
export function resolvedHardLimit(config: UnifiedConfig): number {
  return config.hardLimitTokens ?? Math.floor((Math.max(config.window, 4096) * 3) / 4);
}
