import { defaultCompactionPrompts } from '../profiles/auto-compactor/default-prompts';
import type { ProfileId } from '../profiles/profile-catalog';
import { compactionSystemPrompt } from '../profiles/rolling-summary/compaction-system-prompt';
import { defaultSummarizePrompt } from '../strategies/llm-summary';

/**
 * One prompt a profile sends, as the user can override it: where it lives in the config, its default, and the
 * `{{variables}}` the engine fills in (any other `{{name}}` is a typo the user must hear about before a call is made).
 */
export interface PromptSlot {
  id: string;
  label: string;
  /** The profiles whose config carries this prompt. */
  profiles: readonly ProfileId[];
  /** The config path of the override (absent or null in the config = the default). */
  path: readonly string[];
  variables: readonly string[];
  defaultText: string;
  /** Whose words the default is: a paraphrase of an upstream prompt (named), or ours alone. */
  wording: PromptWording;
  /**
   * How the upstream prompt writes the variables, when it writes them differently (harn's built-in prompt is a Rust
   * format string: `{formatted}`), mapped to ours; a pasted upstream text must be told to use our names.
   */
  upstreamPlaceholders?: Readonly<Record<string, string>>;
}

/**
 * Where a default prompt's words come from. The profiles reproduce upstream behaviour but never copy upstream prose,
 * so a prompt with an upstream counterpart is our paraphrase of it — same sections, same order, our sentences — and a
 * user who wants the exact upstream text pastes it as the override.
 */
export type PromptWording =
  | { kind: 'paraphrase'; upstream: string }
  | { kind: 'ours' };

const dartPrompt = (name: string): PromptWording => ({ kind: 'paraphrase', upstream: `IstiN/flutter_agent_harness prompts/compaction/${name}.md` });

const dartProfiles: readonly ProfileId[] = ['auto-compactor', 'unified'];

/** Every overridable prompt, with the seeds' prompt ids in the labels. */
export const promptSlots: readonly PromptSlot[] = [
  { id: 'summarySystem', label: 'Summary system prompt (compaction/summary_system)', profiles: dartProfiles, path: ['prompts', 'summarySystem'], variables: [], defaultText: defaultCompactionPrompts.summarySystem, wording: dartPrompt('summary_system') },
  { id: 'summary', label: 'First summary (compaction/summary)', profiles: dartProfiles, path: ['prompts', 'summary'], variables: [], defaultText: defaultCompactionPrompts.summary, wording: dartPrompt('summary') },
  { id: 'summaryUpdate', label: 'Summary update (compaction/summary_update)', profiles: dartProfiles, path: ['prompts', 'summaryUpdate'], variables: [], defaultText: defaultCompactionPrompts.summaryUpdate, wording: dartPrompt('summary_update') },
  { id: 'turnPrefix', label: 'Turn prefix (compaction/turn_prefix)', profiles: dartProfiles, path: ['prompts', 'turnPrefix'], variables: [], defaultText: defaultCompactionPrompts.turnPrefix, wording: dartPrompt('turn_prefix') },
  { id: 'pinnedOperative', label: 'Pinned-operative duty (compaction/pinned_operative)', profiles: dartProfiles, path: ['prompts', 'pinnedOperative'], variables: [], defaultText: defaultCompactionPrompts.pinnedOperative, wording: dartPrompt('pinned_operative') },
  { id: 'customInstructions', label: 'Additional focus (customInstructions)', profiles: dartProfiles, path: ['prompts', 'customInstructions'], variables: [], defaultText: '', wording: { kind: 'ours' } },
  { id: 'systemPrompt', label: 'Summarizer system prompt', profiles: ['rolling-summary'], path: ['systemPrompt'], variables: [], defaultText: compactionSystemPrompt, wording: { kind: 'paraphrase', upstream: 'NHTIO/ADK src/batteries/context/compact/summarizer.ts' } },
  {
    id: 'summarizePrompt',
    label: 'Summarize template',
    profiles: ['two-tier'],
    path: ['summarizePrompt'],
    variables: ['formatted_messages', 'archived_count'],
    defaultText: defaultSummarizePrompt,
    wording: { kind: 'paraphrase', upstream: 'burin-labs/harn crates/harn-vm/src/orchestration/compaction.rs (render_llm_compaction_prompt)' },
    upstreamPlaceholders: { formatted: 'formatted_messages', archived_count: 'archived_count' },
  },
];

/** The prompts a profile sends. */
export function promptSlotsOf(profile: ProfileId): PromptSlot[] {
  return promptSlots.filter((slot) => slot.profiles.includes(profile));
}

/** The `{{names}}` in a prompt that the slot does not fill: each would reach the model as literal braces. */
export function unknownVariables(slot: PromptSlot, text: string): string[] {
  const used = [...text.matchAll(/\{\{\s*([^{}]*?)\s*\}\}/g)].map((match) => match[1]);
  return [...new Set(used.filter((name) => !slot.variables.includes(name)))];
}

/** An upstream-style placeholder found in a prompt, and the variable to write instead. */
export interface UpstreamPlaceholder {
  written: string;
  variable: string;
}

/**
 * Upstream-style placeholders (`{formatted}`) in a prompt: pasted upstream text would send them as literal braces and
 * leave the conversation out, so they are named with the `{{variable}}` to write instead.
 */
export function upstreamPlaceholdersIn(slot: PromptSlot, text: string): UpstreamPlaceholder[] {
  const mapping = slot.upstreamPlaceholders;
  if (!mapping) return [];
  const found = [...text.matchAll(/(?<!\{)\{\s*([A-Za-z_]+)\s*\}(?!\})/g)].map((match) => match[1]).filter((name) => Object.hasOwn(mapping, name));
  return [...new Set(found)].map((name) => ({ written: `{${name}}`, variable: mapping[name] }));
}

/** The sentence that says which upstream placeholders to rewrite, or undefined when there are none. */
export function upstreamPlaceholderProblem(slot: PromptSlot, text: string): string | undefined {
  const found = upstreamPlaceholdersIn(slot, text);
  if (found.length === 0) return undefined;
  const rewrites = found.map((placeholder) => `${placeholder.written} → {{${placeholder.variable}}}`).join(', ');
  return `${slot.label} (${slot.path.join('.')}) uses the upstream prompt's placeholders, which this prompt does not fill: write ${rewrites}.`;
}
