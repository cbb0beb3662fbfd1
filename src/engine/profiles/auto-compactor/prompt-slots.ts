import type { PromptSlot, PromptWording } from '../prompt-slot';
import { defaultCompactionPrompts } from './default-prompts';

const dartPrompt = (name: string): PromptWording => ({ kind: 'paraphrase', upstream: `IstiN/flutter_agent_harness prompts/compaction/${name}.md` });

/** Seed 1's overridable prompts, with the seed's prompt ids in the labels; `unified` sends the same ones. */
export const seedOnePromptSlots: readonly PromptSlot[] = [
  { id: 'summarySystem', label: 'Summary system prompt (compaction/summary_system)', path: ['prompts', 'summarySystem'], variables: [], defaultText: defaultCompactionPrompts.summarySystem, wording: dartPrompt('summary_system') },
  { id: 'summary', label: 'First summary (compaction/summary)', path: ['prompts', 'summary'], variables: [], defaultText: defaultCompactionPrompts.summary, wording: dartPrompt('summary') },
  { id: 'summaryUpdate', label: 'Summary update (compaction/summary_update)', path: ['prompts', 'summaryUpdate'], variables: [], defaultText: defaultCompactionPrompts.summaryUpdate, wording: dartPrompt('summary_update') },
  { id: 'turnPrefix', label: 'Turn prefix (compaction/turn_prefix)', path: ['prompts', 'turnPrefix'], variables: [], defaultText: defaultCompactionPrompts.turnPrefix, wording: dartPrompt('turn_prefix') },
  { id: 'pinnedOperative', label: 'Pinned-operative duty (compaction/pinned_operative)', path: ['prompts', 'pinnedOperative'], variables: [], defaultText: defaultCompactionPrompts.pinnedOperative, wording: dartPrompt('pinned_operative') },
  { id: 'customInstructions', label: 'Additional focus (customInstructions)', path: ['prompts', 'customInstructions'], variables: [], defaultText: '', wording: { kind: 'ours' } },
];
