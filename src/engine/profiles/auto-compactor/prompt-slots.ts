import type { PromptSlot, PromptWording } from '../prompt-slot';
import { defaultCompactionPrompts, defaultTrimMarker } from './default-prompts';

const dartPrompt = (name: string): PromptWording => ({ kind: 'paraphrase', upstream: `IstiN/flutter_agent_harness prompts/compaction/${name}.md` });
// Upstream writes these two as string literals in the pin library, with no prompt id to override them by.
const pinText = (functionName: string): PromptWording => ({ kind: 'paraphrase', upstream: `IstiN/flutter_agent_harness lib/src/skills/operative_pins.dart ${functionName}` });

/** Seed 1's overridable prompts, with the seed's prompt ids in the labels; `unified` sends the same ones. */
export const seedOnePromptSlots: readonly PromptSlot[] = [
  { id: 'summarySystem', label: 'Summary system prompt (compaction/summary_system)', path: ['prompts', 'summarySystem'], variables: [], defaultText: defaultCompactionPrompts.summarySystem, wording: dartPrompt('summary_system') },
  { id: 'summary', label: 'First summary (compaction/summary)', path: ['prompts', 'summary'], variables: [], defaultText: defaultCompactionPrompts.summary, wording: dartPrompt('summary') },
  { id: 'summaryUpdate', label: 'Summary update (compaction/summary_update)', path: ['prompts', 'summaryUpdate'], variables: [], defaultText: defaultCompactionPrompts.summaryUpdate, wording: dartPrompt('summary_update') },
  { id: 'turnPrefix', label: 'Turn prefix (compaction/turn_prefix)', path: ['prompts', 'turnPrefix'], variables: [], defaultText: defaultCompactionPrompts.turnPrefix, wording: dartPrompt('turn_prefix') },
  { id: 'pinnedOperative', label: 'Pinned-operative duty (compaction/pinned_operative)', path: ['prompts', 'pinnedOperative'], variables: [], defaultText: defaultCompactionPrompts.pinnedOperative, wording: dartPrompt('pinned_operative') },
  { id: 'pinnedBlockHeader', label: 'Pinned block header (fixed text upstream)', path: ['prompts', 'pinnedBlockHeader'], variables: [], defaultText: defaultCompactionPrompts.pinnedBlockHeader, wording: pinText('pinnedOperativePromptBlock') },
  { id: 'pinnedCarrierIntro', label: 'Pinned-lines message intro (fixed text upstream)', path: ['prompts', 'pinnedCarrierIntro'], variables: [], defaultText: defaultCompactionPrompts.pinnedCarrierIntro, wording: pinText('pinCarrierBlock') },
  {
    id: 'trimMarker',
    label: 'Local-trim marker (after "[context trimmed locally:")',
    path: ['prompts', 'trimMarker'],
    variables: ['dropped_count', 'time', 'reason'],
    defaultText: defaultTrimMarker,
    wording: { kind: 'paraphrase', upstream: 'IstiN/flutter_agent_harness lib/src/agent/auto_compactor.dart (the local-trim marker)' },
  },
  { id: 'customInstructions', label: 'Additional focus (customInstructions)', path: ['prompts', 'customInstructions'], variables: [], defaultText: '', wording: { kind: 'ours' } },
];
