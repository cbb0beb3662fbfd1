import * as z from 'zod';

/** Seed 3's engine strategies (`CompactStrategy`), in kebab-case: ObservationMask, Truncate, Llm, Custom. */
const twoTierStrategySchema = z.enum(['observation-mask', 'truncate', 'llm', 'custom']);
/** One engine strategy. */
export type TwoTierStrategy = z.infer<typeof twoTierStrategySchema>;

/** Seed 3's user-facing `compaction` policy labels; each lowers to engine fields (see `lowerPolicy`). */
const twoTierPolicySchema = z.enum(['none', 'truncate', 'summarize_middle', 'summarize_all', 'hybrid']);
/** One policy label. */
export type TwoTierPolicy = z.infer<typeof twoTierPolicySchema>;

/**
 * When the estimate is taken (spec §3.3): `preflight` (before an LLM call, messages + system/4, fires at ≥),
 * `post-turn` (after a tool turn, same estimate, fires at >), `daemon` (messages only, ≥), `manual`
 * (`transcript_compact`: messages only, no gate unless `targetTokens` is set; keepFirst 0, no mask callback and no
 * microcompaction, whatever the config says, and the run names what it ignored).
 */
const twoTierTriggerSchema = z.enum(['preflight', 'post-turn', 'daemon', 'manual']);
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
 * Callback fields hold JavaScript source text; the engine never evaluates it, a `CallbackRunner` port does. Every
 * field is described for the config form.
 */
export const twoTierConfigSchema = z.object({
  keepFirst: count.default(0).describe('Messages at the head that are never compacted.'),
  keepLast: count.optional().describe('Messages at the tail that are never compacted. Unset: 12 raw, 10 when a policy label is set.'),
  tokenThreshold: count.optional().describe('Tier 1 fires at this estimate. Unset: 48,000 (with a context window: 65 % of it at most).'),
  toolOutputMaxChars: count.default(16_000).describe('Microcompaction: tool outputs above this many UTF-8 bytes are cut.'),
  compactStrategy: twoTierStrategySchema.default('observation-mask').describe('Tier 1 strategy.'),
  hardLimitTokens: count.nullable().default(null).describe('Tier 2 fires above this; none turns tier 2 off (75 % of the context window when one is given).'),
  hardLimitStrategy: twoTierStrategySchema.default('llm').describe('Tier 2 strategy.'),
  // Template text with `{{formatted_messages}}` and `{{archived_count}}`; null = the seed's default.
  summarizePrompt: z.string().nullable().default(null).describe('The LLM template (edit it under Prompt overrides).'),
  // A policy label overrides the strategies and keep counts (see `lowerPolicy`).
  policyStrategy: twoTierPolicySchema.optional().describe("Harn's agent-loop policy label: overrides the strategies and keep counts. Unset: the raw engine fields."),
  // Spec §3.2's provider adaptation.
  contextWindow: z.number().int().positive().optional().describe('The model context window when known: thresholds are adapted (hard limit 75 %, tier 1 65 %).'),
  trigger: twoTierTriggerSchema.default('preflight').describe('When the estimate is taken: preflight (≥), post-turn (>), daemon (messages only), manual (no gate unless targetTokens; keepFirst, maskCallback and microcompaction do not apply).'),
  // Unchanged when the estimate is ≤ target, else threshold and hard limit become the target.
  targetTokens: count.optional().describe('Manual trigger only: unchanged at or below the target, else both thresholds become the target.'),
  // A lab extension, off by default: harn's format_compaction_messages writes role and content only.
  summarizeToolCalls: z
    .boolean()
    .default(false)
    .describe(
      'Lab extension (not in harn). The LLM strategy\'s prompt lists each archived message as ROLE: content, as harn does, which leaves out the tool calls (names, paths, commands); on, each call follows its message as `Name {arguments}` (cut at 200 characters). Sizing like the agent\'s summary turns it on.',
    ),
  // The seed's estimate floors Σ UTF-8 bytes / 4.
  tokenEstimator: z.enum(['utf8-quarter', 'counter']).default('utf8-quarter').describe('`utf8-quarter`: Σ UTF-8 bytes / 4 (the seed); `counter`: the run’s token counter.'),
  maskCallback: z.string().nullable().default(null).describe('JavaScript source of a mask callback; runs only with your consent.'),
  compressCallback: z.string().nullable().default(null).describe('JavaScript source of a compress callback; runs only with your consent.'),
  customCompactor: z.string().nullable().default(null).describe('JavaScript source of a custom compactor; runs only with your consent.'),
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
