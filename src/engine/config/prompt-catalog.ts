import { profileIds, profileMeta, type ProfileId } from '../profiles/meta';
import type { PromptSlot } from '../profiles/prompt-slot';

export type { PromptSlot };

/** A prompt slot with every profile that sends it. */
export type CatalogSlot = PromptSlot & { readonly profiles: readonly ProfileId[] };

/** Every overridable prompt, once, in profile order, read from the profiles' metas (profiles that send the same prompt share its slot). */
export const promptSlots: readonly CatalogSlot[] = profileIds.reduce<CatalogSlot[]>((slots, profile) => {
  for (const slot of profileMeta[profile].promptSlots) {
    const index = slots.findIndex((known) => known.id === slot.id);
    if (index < 0) slots.push({ ...slot, profiles: [profile] });
    else slots[index] = { ...slots[index], profiles: [...slots[index].profiles, profile] };
  }
  return slots;
}, []);

/** The prompts a profile sends. */
export function promptSlotsOf(profile: ProfileId): CatalogSlot[] {
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
