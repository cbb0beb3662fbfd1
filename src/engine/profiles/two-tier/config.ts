import { z } from 'zod';

/** Seed 3's engine strategies (`CompactStrategy`), in kebab-case: ObservationMask, Truncate, Llm, Custom. */
export const twoTierStrategySchema = z.enum(['observation-mask', 'truncate', 'llm', 'custom']);
/** One engine strategy. */
export type TwoTierStrategy = z.infer<typeof twoTierStrategySchema>;

/** Seed 3's user-facing `compaction` policy labels; each lowers to engine fields (see `lowerPolicy`). */
export const twoTierPolicySchema = z.enum(['none', 'truncate', 'summarize_middle', 'summarize_all', 'hybrid']);
/** One policy label. */
export type TwoTierPolicy = z.infer<typeof twoTierPolicySchema>;

/**
 * When the estimate is taken (spec §3.3): `preflight` (before an LLM call, messages + system/4, fires at ≥),
 * `post-turn` (after a tool turn, same estimate, fires at >), `daemon` (messages only, ≥), `manual`
 * (`transcript_compact`: messages only, no gate unless `targetTokens` is set; keepFirst 0, no mask callback and no
 * microcompaction, whatever the config says, and the run names what it ignored).
 */
export const twoTierTriggerSchema = z.enum(['preflight', 'post-turn', 'daemon', 'manual']);
/** One trigger. */
export type TwoTierTrigger = z.infer<typeof twoTierTriggerSchema>;

/** Seed 3 raw default of `keep_last` (`AutoCompactConfig::default()`). */
export const rawKeepLastDefault = 12;
/** `keep_last` default when a policy label is set (the `compaction` option's dict default, `agent_loop`). */
export const policyKeepLastDefault = 10;
/** Seed 3 default tier-1 threshold. */
export const tokenThresholdDefault = 48_000;

const count = z.number().int().min(0);

/**
 * The two-tier profile's config: seed 3's `AutoCompactConfig` fields in camelCase. `keepLast` and `tokenThreshold`
 * are optional on purpose: the seed treats "unset" differently from any value (policy default 10 instead of 12;
 * provider adaptation clamps an unset threshold to 65 % of the window but a set one to 75 %).
 * Callback fields hold JavaScript source text; the engine never evaluates it, a `CallbackRunner` port does.
 */
export const twoTierConfigSchema = z.object({
  keepFirst: count.default(0),
  keepLast: count.optional(),
  tokenThreshold: count.optional(),
  toolOutputMaxChars: count.default(16_000),
  compactStrategy: twoTierStrategySchema.default('observation-mask'),
  /** Tier-2 threshold; null turns tier 2 off. */
  hardLimitTokens: count.nullable().default(null),
  hardLimitStrategy: twoTierStrategySchema.default('llm'),
  /** Template text for the LLM prompt with `{{formatted_messages}}` and `{{archived_count}}`; null = the seed's default. */
  summarizePrompt: z.string().nullable().default(null),
  /** A policy label overrides the strategies and keep counts (see `lowerPolicy`); undefined = the raw engine fields. */
  policyStrategy: twoTierPolicySchema.optional(),
  /** The model's context window when known: thresholds are then adapted (hard 75 %, tier 1 65 %, spec §3.2). */
  contextWindow: z.number().int().positive().optional(),
  trigger: twoTierTriggerSchema.default('preflight'),
  /** Manual trigger only: unchanged when the estimate is ≤ target, else threshold and hard limit become the target. */
  targetTokens: count.optional(),
  /** `utf8-quarter` is the seed's estimate (Σ UTF-8 bytes / 4, floored); `counter` uses the run's token counter. */
  tokenEstimator: z.enum(['utf8-quarter', 'counter']).default('utf8-quarter'),
  maskCallback: z.string().nullable().default(null),
  compressCallback: z.string().nullable().default(null),
  customCompactor: z.string().nullable().default(null),
});

/** A parsed two-tier config. */
export type TwoTierConfig = z.infer<typeof twoTierConfigSchema>;

/** The seed's raw defaults (`AutoCompactConfig::default()`), as a parsed config. */
export const twoTierDefaults: TwoTierConfig = twoTierConfigSchema.parse({});

/** Callback sources a config carries, by field name; any of them needs the user's consent before a run. */
export function carriedCallbacks(config: TwoTierConfig): string[] {
  const fields = ['maskCallback', 'compressCallback', 'customCompactor'] as const;
  return fields.filter((field) => typeof config[field] === 'string' && config[field].trim().length > 0);
}
