import * as z from 'zod';
import type { OperativeSkill } from '../../pins/collect-pins';

/**
 * Says, for the UI, that the `triggerRatio` rule is our inference (spec §4.5.1): the newest Dart `shouldCompact` body
 * was not available, so the engine fires at `tokens > min(window − reserveTokens, floor(triggerRatio × window))`.
 */
export const triggerRatioInference =
  'Inferred: the seed lists triggerRatio but its formula was not published; this engine compacts when tokens > min(window − reserveTokens, floor(triggerRatio × window)).';

/** One skill the session knows: its `operative:` lines are pinned verbatim across folds (upstream gh-1409). */
const operativeSkillSchema = z.object({
  name: z.string().min(1).describe('The skill name.'),
  operative: z.array(z.string()).default([]).describe('Lines pinned verbatim, one per line.'),
  isRead: z.boolean().default(false).describe('Its SKILL.md was read in the current window: its pins are ordered first and dropped last.'),
}) satisfies z.ZodType<OperativeSkill, unknown>;


/**
 * Overrides of the seed's prompt ids (`compaction/summary_system`, `…/summary`, `…/summary_update`, `…/turn_prefix`,
 * `…/pinned_operative`), and of the two texts that frame the pins, which upstream writes as fixed strings.
 */
const compactionPromptsSchema = z.object({
  summarySystem: z.string().optional(),
  summary: z.string().optional(),
  summaryUpdate: z.string().optional(),
  turnPrefix: z.string().optional(),
  pinnedOperative: z.string().optional(),
  /** The header of the pinned block in the summarizer's prompt (a fixed sentence upstream; here overridable). */
  pinnedBlockHeader: z.string().optional(),
  /** The carrier's opening sentence (a fixed sentence upstream; here overridable). */
  pinnedCarrierIntro: z.string().optional(),
  /** The local-trim marker's sentence after its fixed opening, with `{{dropped_count}}`, `{{time}}` and `{{reason}}`. */
  trimMarker: z.string().optional(),
  /** Appended to the base prompt as `Additional focus: …` (the seed's customInstructions). */
  customInstructions: z.string().optional(),
})
  // A mistyped prompt id (`sumary`) must be an error, not a silently dropped override.
  .strict();

/** Prompt overrides as the config carries them. */
export type CompactionPromptOverrides = z.infer<typeof compactionPromptsSchema>;

/**
 * The `auto-compactor` profile's config (seed 1, Dart `AutoCompactor`), named as the seed names its parameters, each
 * field described for the config form. Durations are milliseconds. `window` is required by the seed; 128000 is only
 * the lab's starting value. `unified` takes seed 1's fields from here, so both describe them alike.
 */
export const autoCompactorConfigSchema = z.object({
  window: z.number().int().default(128000).describe('The model context window in tokens (the seed requires it; the lab starts from the window you picked).'),
  reserveTokens: z.number().int().nonnegative().default(16384).describe('Tokens kept free below the window: the gate fires when tokens > window − reserveTokens. Also sizes the summary (80 % of it).'),
  keepRecentTokens: z.number().int().nonnegative().default(20000).describe('The newest tokens kept verbatim after the cut point; everything older is summarized.'),
  // Null means the legacy gate alone; a ratio in (0, 1) adds the inferred earlier trigger.
  triggerRatio: z.number().positive().nullable().default(null).describe(`None: the legacy gate alone. A ratio in (0, 1) adds an earlier trigger. ${triggerRatioInference}`),
  maxPasses: z.number().int().positive().default(8).describe('Compaction passes per run at most.'),
  maxAttempts: z.number().int().positive().default(3).describe('Summarizer attempts per pass (on the cheap model, then on the main one) before falling back.'),
  baseBackoffMs: z.number().nonnegative().default(1000).describe('Backoff between attempts: this many milliseconds × the attempt number.'),
  force: z.boolean().default(false).describe('Compact even when the gate says the context fits.'),
  attemptBudgetMs: z.number().nonnegative().default(300_000).describe('Time one summarizer attempt may take, in milliseconds.'),
  // The seed's 15 minutes; the Dart constructor at 03cc80ff still says 4 (upstream-deviations).
  totalBudgetMs: z.number().nonnegative().default(900_000).describe('Time one run may take across attempts, in milliseconds.'),
  // The prompts' own fields are documented by the profile's prompt slots (meta.ts), which the form edits apart.
  prompts: compactionPromptsSchema.default({}).describe('Prompt overrides (edit them under Prompt overrides).'),
  operativeSkills: z.array(operativeSkillSchema).default([]).describe('Lines the summary must keep word for word, grouped under a name (a skill). Each compaction tells the summarizer to copy them exactly and repeats them in a note right after the summary, marking any the summary lost. Use it for standing rules such as "Never push to main".'),
  // A lab extension, off by default: the seed's fallback (upstream-deviations, D34 and D36) unless set.
  oversizedTail: z
    .enum(['keep-everything', 'summarize-oversized'])
    .default('keep-everything')
    .describe(
      'Lab extension (not in the seed). When keepRecentTokens cannot hold the newest messages: `keep-everything` is the seed — a message that crosses the budget is kept whole, and when the history ends in tool results larger than the budget the pass summarizes nothing and keeps everything; `summarize-oversized` gives the summary what the tail cannot hold (a crossing message larger than the budget, or the whole history). Sizing like the agent\'s summary turns it on.',
    ),
  // `seed` is §1.9's estimate.
  estimator: z.enum(['seed', 'exact']).default('seed').describe('`seed`: chars/4 with the usage anchor; `exact`: the token counter, no anchor.'),
});

/** The validated config. */
export type AutoCompactorConfig = z.infer<typeof autoCompactorConfigSchema>;

/** The seed's defaults (spec §1.2): maxPasses 8, maxAttempts 3, backoff 1 s × attempt, 300 s per attempt, 15 min total. */
export const autoCompactorDefaults: AutoCompactorConfig = autoCompactorConfigSchema.parse({});
