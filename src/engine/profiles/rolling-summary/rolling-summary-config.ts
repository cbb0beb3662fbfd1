import { z } from 'zod';
import { encodingNames } from '../../tokens/token-counter';
import { compactionSystemPrompt } from './compaction-system-prompt';

/** The seed's default id of the synthetic summary message; thrift's `isSummaryMessage` protects exactly this id. */
export const defaultSummaryMessageId = '__compact-summary';

/**
 * The `rolling-summary` profile's config (seed 2, NHTIO/ADK `assembleCompactedTurns`), named as the seed names its
 * options. `keepVerbatim` counts ADK's turns (one closes at each assistant message with text), `summariseAtTokens`
 * counts tokens of the older region's joined text. Unlike upstream, a value outside the schema fails the run.
 */
export const rollingSummaryConfigSchema = z.object({
  /** How many of the most recent turns stay verbatim. */
  keepVerbatim: z.number().int().nonnegative().default(2),
  /** Older-region tokens past which (strictly `>`) a re-summarization fires; the first one always fires. */
  summariseAtTokens: z.number().nonnegative().default(2500),
  summaryMessageId: z.string().min(1).default(defaultSummaryMessageId),
  /** Opaque to the seed: handed to the injected estimator. Reported beside the counts. */
  encoding: z.enum(encodingNames).default('cl100k_base'),
  /** The summarizer's `system` text. */
  systemPrompt: z.string().default(compactionSystemPrompt),
});

/** The validated config. */
export type RollingSummaryConfig = z.infer<typeof rollingSummaryConfigSchema>;

/** The seed's defaults (spec §2.2): keep 2 turns, summarise past 2500 tokens, id `__compact-summary`, cl100k_base. */
export const rollingSummaryDefaults: RollingSummaryConfig = rollingSummaryConfigSchema.parse({});
