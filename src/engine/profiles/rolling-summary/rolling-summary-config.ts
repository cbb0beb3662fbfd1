import * as z from 'zod';
import { encodingNames } from '../../tokens/token-counter';
import { compactionSystemPrompt } from './compaction-system-prompt';

/** The seed's default id of the synthetic summary message; thrift's `isSummaryMessage` protects exactly this id. */
const defaultSummaryMessageId = '__compact-summary';

/**
 * The `rolling-summary` profile's config (seed 2, NHTIO/ADK `assembleCompactedTurns`), named as the seed names its
 * options. `keepVerbatim` counts ADK's turns (one closes at each assistant message with text), `summariseAtTokens`
 * counts tokens of the older region's joined text. Unlike upstream, a value outside the schema fails the run.
 */
export const rollingSummaryConfigSchema = z.object({
  keepVerbatim: z.number().int().nonnegative().default(2).describe('How many of the most recent turns stay verbatim.'),
  summariseAtTokens: z.number().nonnegative().default(2500).describe('Older-region tokens past which (strictly >) a re-summarization fires; the first one always fires.'),
  summaryMessageId: z.string().min(1).default(defaultSummaryMessageId).describe('The id of the synthetic summary message (thrift protects exactly this id).'),
  // A lab extension: the seed's cap is a constant, not an option; the default keeps it.
  historyCharCap: z
    .number()
    .int()
    .positive()
    .nullable()
    .default(12000)
    .describe(
      'Lab extension (not an ADK option). The summarizer\'s request text is cut to this many characters, head first; 12,000 is the seed\'s own cap, so a long older region is summarized from its oldest part only. None: no cut. Sizing like the agent\'s summary sets none.',
    ),
  // Handed to the injected estimator.
  encoding: z.enum(encodingNames).default('cl100k_base').describe('Opaque to the seed: handed to the estimator and reported beside the counts.'),
  systemPrompt: z.string().default(compactionSystemPrompt).describe("The summarizer's system text (edit it under Prompt overrides)."),
});

/** The validated config. */
export type RollingSummaryConfig = z.infer<typeof rollingSummaryConfigSchema>;

/** The seed's defaults (spec §2.2): keep 2 turns, summarise past 2500 tokens, id `__compact-summary`, cl100k_base. */
export const rollingSummaryDefaults: RollingSummaryConfig = rollingSummaryConfigSchema.parse({});
