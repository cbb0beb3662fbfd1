import { z } from 'zod';

/**
 * Says, for the UI, that the `triggerRatio` rule is our inference (spec §4.5.1): the newest Dart `shouldCompact` body
 * was not available, so the engine fires at `tokens > min(window − reserveTokens, floor(triggerRatio × window))`.
 */
export const triggerRatioInference =
  'Inferred: the seed lists triggerRatio but its formula was not published; this engine compacts when tokens > min(window − reserveTokens, floor(triggerRatio × window)).';

/** One skill the session knows: its `operative:` lines are pinned verbatim across folds (gh-1409). */
export const operativeSkillSchema = z.object({
  name: z.string().min(1),
  operative: z.array(z.string()).default([]),
  /** True when the skill's SKILL.md was read in the current window: its pins are ordered first and dropped last. */
  isRead: z.boolean().default(false),
});

/** A skill as the config carries it. */
export type OperativeSkill = z.infer<typeof operativeSkillSchema>;

/** Overrides of the seed's prompt ids (`compaction/summary_system`, `…/summary`, `…/summary_update`, `…/turn_prefix`, `…/pinned_operative`). */
export const compactionPromptsSchema = z.object({
  summarySystem: z.string().optional(),
  summary: z.string().optional(),
  summaryUpdate: z.string().optional(),
  turnPrefix: z.string().optional(),
  pinnedOperative: z.string().optional(),
  /** Appended to the base prompt as `Additional focus: …` (the seed's customInstructions). */
  customInstructions: z.string().optional(),
})
  // A mistyped prompt id (`sumary`) must be an error, not a silently dropped override.
  .strict();

/** Prompt overrides as the config carries them. */
export type CompactionPromptOverrides = z.infer<typeof compactionPromptsSchema>;

/**
 * The `auto-compactor` profile's config (seed 1, Dart `AutoCompactor`), named as the seed names its parameters.
 * Durations are milliseconds. `window` is required by the seed; 128000 is only the lab's starting value.
 */
export const autoCompactorConfigSchema = z.object({
  window: z.number().int().default(128000),
  reserveTokens: z.number().int().nonnegative().default(16384),
  keepRecentTokens: z.number().int().nonnegative().default(20000),
  /** Null means the legacy gate alone; a ratio in (0, 1) adds the inferred earlier trigger (see `triggerRatioInference`). */
  triggerRatio: z.number().positive().nullable().default(null),
  maxPasses: z.number().int().positive().default(8),
  maxAttempts: z.number().int().positive().default(3),
  baseBackoffMs: z.number().nonnegative().default(1000),
  force: z.boolean().default(false),
  attemptBudgetMs: z.number().nonnegative().default(300_000),
  // The seed's 15 minutes; the Dart constructor at 03cc80ff still says 4 (upstream-deviations).
  totalBudgetMs: z.number().nonnegative().default(900_000),
  prompts: compactionPromptsSchema.default({}),
  operativeSkills: z.array(operativeSkillSchema).default([]),
  /** `seed`: chars/4 with the usage anchor (§1.9); `exact`: the counter port, no anchor. */
  estimator: z.enum(['seed', 'exact']).default('seed'),
});

/** The validated config. */
export type AutoCompactorConfig = z.infer<typeof autoCompactorConfigSchema>;

/** The seed's defaults (spec §1.2): maxPasses 8, maxAttempts 3, backoff 1 s × attempt, 300 s per attempt, 15 min total. */
export const autoCompactorDefaults: AutoCompactorConfig = autoCompactorConfigSchema.parse({});
