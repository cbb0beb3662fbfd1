import { z } from 'zod';
import { compactionPromptsSchema, operativeSkillSchema } from '../auto-compactor/auto-compactor-config';

const count = z.number().int().nonnegative();

/** The tier-2 strategies (seed 3's `hard_limit_strategy`); `none` turns tier 2 off. */
export const unifiedTier2StrategySchema = z.enum(['truncate', 'observation-mask', 'llm', 'none']);

/** One tier-2 strategy. */
export type UnifiedTier2Strategy = z.infer<typeof unifiedTier2StrategySchema>;

/**
 * The `unified` profile's config: the seeds' parts as one pipeline, named as the seeds name them. Numbers default to
 * the seeds' (seed 1 for the gate, passes, ladder and budgets; seed 3 for microcompaction, masking and tier 2), and
 * every stage is on. Durations are milliseconds.
 */
export const unifiedConfigSchema = z.object({
  window: z.number().int().default(128000),
  reserveTokens: count.default(16384),
  /** Null: the legacy gate `tokens > window − reserveTokens`; a ratio in (0, 1) adds seed 1's inferred earlier trigger. */
  triggerRatio: z.number().positive().nullable().default(null),
  keepRecentTokens: count.default(20000),
  force: z.boolean().default(false),
  maxPasses: z.number().int().positive().default(8),
  maxAttempts: z.number().int().positive().default(3),
  baseBackoffMs: z.number().nonnegative().default(1000),
  attemptBudgetMs: z.number().nonnegative().default(300_000),
  totalBudgetMs: z.number().nonnegative().default(900_000),
  /** Seed 3's microcompaction limit in UTF-8 bytes per tool output; null turns the stage off. */
  toolOutputMaxChars: count.nullable().default(16_000),
  /** Seed 3's observation mask, applied in place to older tool outputs; the last `keepLast` messages are never masked. */
  observationMask: z.object({ enabled: z.boolean().default(true), keepLast: count.default(12) }).default({ enabled: true, keepLast: 12 }),
  /** Seed 1's LLM summary with the smol → main → truncate ladder. */
  summary: z.boolean().default(true),
  /** Tier 2 fires when the context after the summary is above this; null = 75 % of max(window, 4096), as seed 3 adapts. */
  hardLimitTokens: count.nullable().default(null),
  hardLimitStrategy: unifiedTier2StrategySchema.default('truncate'),
  /** Seed 1's emergency valve, when a pass could not summarize and the context is still over the gate. */
  localTrim: z.boolean().default(true),
  prompts: compactionPromptsSchema.default({}),
  operativeSkills: z.array(operativeSkillSchema).default([]),
  /** The summarizer's own window (system + prompt, counted by the token counter); null = `window`. */
  summarizerWindowTokens: z.number().int().positive().nullable().default(null),
  /** A pass that leaves the context over the gate and saves less than this share of it stops the run (stall). */
  stallRatio: z.number().min(0).max(1).default(0.05),
  /** `seed`: chars/4 with the usage anchor (seed 1); `exact`: the counter port. */
  estimator: z.enum(['seed', 'exact']).default('seed'),
});

/** A parsed unified config. */
export type UnifiedConfig = z.infer<typeof unifiedConfigSchema>;

/** The defaults, parsed. */
export const unifiedDefaults: UnifiedConfig = unifiedConfigSchema.parse({});

/** The hard limit a run uses: the configured one, or seed 3's adaptation of the window (75 % of max(window, 4096)). */
export function resolvedHardLimit(config: UnifiedConfig): number {
  return config.hardLimitTokens ?? Math.floor((Math.max(config.window, 4096) * 3) / 4);
}
