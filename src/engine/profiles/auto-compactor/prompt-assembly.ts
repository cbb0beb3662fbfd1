import type { CompactionPromptOverrides } from './auto-compactor-config';
import type { PinFraming } from '../../pins/pin-framing-prompts';
import { defaultCompactionPrompts, type CompactionPrompts } from './default-prompts';

/** The literal history summary of a split turn when nothing precedes the turn (§1.5). */
export const noPriorHistory = 'No prior history.';

/** Joins the history summary and the split turn's prefix summary (§1.5). */
export const splitTurnJoin = '\n\n---\n\n**Turn Context (split turn):**\n\n';

/** The defaults with a config's overrides applied. */
export function resolvePrompts(overrides: CompactionPromptOverrides = {}): CompactionPrompts {
  return {
    summarySystem: overrides.summarySystem ?? defaultCompactionPrompts.summarySystem,
    summary: overrides.summary ?? defaultCompactionPrompts.summary,
    summaryUpdate: overrides.summaryUpdate ?? defaultCompactionPrompts.summaryUpdate,
    turnPrefix: overrides.turnPrefix ?? defaultCompactionPrompts.turnPrefix,
    pinnedOperative: overrides.pinnedOperative ?? defaultCompactionPrompts.pinnedOperative,
    pinnedBlockHeader: overrides.pinnedBlockHeader ?? defaultCompactionPrompts.pinnedBlockHeader,
    pinnedCarrierIntro: overrides.pinnedCarrierIntro ?? defaultCompactionPrompts.pinnedCarrierIntro,
  };
}

/** The pin framing the resolved prompts ask for. */
export function pinFramingOf(prompts: CompactionPrompts): PinFraming {
  return { blockHeader: prompts.pinnedBlockHeader, carrierIntro: prompts.pinnedCarrierIntro };
}

/** What goes into one summarization prompt. */
export interface PromptParts {
  serializedConversation: string;
  basePrompt: string;
  previousSummary?: string;
  /** The pinned-operative block; absent when there are no pins, which keeps the prompt byte-identical to pin-free. */
  pinnedBlock?: string;
  /** The duty prompt, appended at the very end when there are pins. */
  pinnedDuty?: string;
  customInstructions?: string;
}

/**
 * The seed's `generateSummary` assembly (§1.10): conversation, previous checkpoint, pinned block, base prompt
 * (+ `Additional focus:`), pinned duty — in that order.
 */
export function assemblePrompt(parts: PromptParts): string {
  let prompt = `<conversation>\n${parts.serializedConversation}\n</conversation>\n\n`;
  if (parts.previousSummary !== undefined) prompt += `<previous-checkpoint>\n${parts.previousSummary}\n</previous-checkpoint>\n\n`;
  if (parts.pinnedBlock) prompt += `${parts.pinnedBlock}\n\n`;
  prompt += parts.basePrompt;
  if (parts.customInstructions) prompt += `\n\nAdditional focus: ${parts.customInstructions}`;
  if (parts.pinnedBlock && parts.pinnedDuty) prompt += `\n\n${parts.pinnedDuty}`;
  return prompt;
}
