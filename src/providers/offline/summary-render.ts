import { itemKey, mergeItems } from './bounded-items';
import type { ConversationFacts } from './conversation-facts';
import type { PreviousFacts } from './previous-summary';
import { tier, type RankedItem } from './ranked-item';
import { categoryFallbacks, type SectionCategory } from './section-category';
import { categoryItems, type ItemSource } from './section-items';
import type { ItemMarker, SectionSpec } from './section-plan';
import type { WorkState } from './work-state';

/** How large a summary may be: tokens by the given count, and characters. Only bare headings may exceed them. */
interface SummaryBudget {
  maxTokens: number;
  maxChars: number;
  count(text: string): number;
}

/** Everything one summary is written from. */
export interface RenderInput {
  sections: readonly SectionSpec[];
  facts: ConversationFacts;
  state: WorkState;
  previous: PreviousFacts;
  /** Pinned text copied byte for byte, once; never clipped and not counted against the budget. */
  pinnedBlocks: readonly string[];
  budget: SummaryBudget;
}

const pinnedSectionHeading = '## Critical Context';
const fileCategories: readonly SectionCategory[] = ['filesChanged', 'filesCreated', 'files', 'filesRead'];
// What was in progress or next last time is stale once newer work exists: there the new items come first.
const staleCategories: ReadonlySet<SectionCategory> = new Set(['current', 'next', 'blocked']);

// A previous summary's items rank with the new ones of their kind: the user's words high, the rest as a record.
const previousTiers: Partial<Record<SectionCategory, number>> = { requests: tier.now + 60, goal: tier.now + 100, pending: tier.now + 50 };

interface Draft {
  spec: SectionSpec;
  items: RankedItem[];
}

/** Writes the summary: each section's items taken by rank while the budget lasts, previous facts merged, pins once. */
export function renderSummary(input: RenderInput): string {
  const drafts = draftSections(input);
  const chosen = chooseItems(drafts, input.budget);
  let text = renderDrafts(drafts, chosen, input.pinnedBlocks);
  // Per-line counts add up to about the whole; where the whole comes out larger, the least wanted items go.
  const taken = [...chosen.entries()].sort((left, right) => rankOf(drafts, right[0]) - rankOf(drafts, left[0]));
  while (taken.length > 0 && !fits(textWithoutPins(drafts, chosen), input.budget)) {
    const [key] = taken.shift() as [string, string];
    chosen.delete(key);
    text = renderDrafts(drafts, chosen, input.pinnedBlocks);
  }
  return text;
}

function fits(text: string, budget: SummaryBudget): boolean {
  return text.length <= budget.maxChars && budget.count(text) <= budget.maxTokens;
}

function rankOf(drafts: readonly Draft[], key: string): number {
  const [section, index] = key.split(':').map(Number);
  return drafts[section].items[index].rank;
}

function draftSections(input: RenderInput): Draft[] {
  const { sections } = input;
  const held = new Set(sections.filter((spec) => !spec.isParent).map((spec) => spec.category));
  const source: ItemSource = {
    facts: input.facts,
    state: input.state,
    has: (category) => held.has(category),
    rootSection: fileCategories.find((category) => held.has(category)),
  };
  const routed = routePrevious(sections, input.previous);
  return sections.map((spec, index) => {
    if (spec.isParent) return { spec, items: [] };
    const fresh = categoryItems(spec.category, source);
    const { old, added } = mergeItems(routed[index], fresh.map((item) => item.text));
    const isNew = new Set(added);
    const freshByKey = new Map(fresh.map((item) => [itemKey(item.text), item]));
    const freshItems = fresh.filter((item) => isNew.delete(item.text));
    const isStale = staleCategories.has(spec.category);
    const base = isStale ? tier.rest : previousTiers[spec.category] ?? tier.record;
    // An earlier item the conversation repeats keeps the new item's rank: the user's first request stays as wanted.
    const previousItems = old.map((text, position) => freshByKey.get(itemKey(text)) ?? { text, rank: position < 6 ? base + position : tier.history + 50 + position });
    return { spec, items: isStale ? [...freshItems, ...previousItems] : [...previousItems, ...freshItems] };
  });
}

/** Items by rank (ties by section order) while the budget lasts; each takes the longest of its forms that fits. */
function chooseItems(drafts: readonly Draft[], budget: SummaryBudget): Map<string, string> {
  const chosen = new Map<string, string>();
  const skeleton = drafts.filter((draft) => !draft.spec.isAdded).map((draft) => (draft.spec.isParent ? draft.spec.heading : `${draft.spec.heading}\n(none)`)).join('\n\n');
  let tokens = budget.count(skeleton);
  let chars = skeleton.length;
  const opened = new Set<number>();
  const candidates = drafts.flatMap((draft, section) => draft.items.flatMap((item, index) => [
    { section, index, rank: item.rank, forms: [item.text, ...(item.variants ?? [])], isFuller: false },
    ...(item.fuller ? [{ section, index, rank: item.fuller.rank, forms: item.fuller.forms, isFuller: true }] : []),
  ]));
  candidates.sort((left, right) => left.rank - right.rank || left.section - right.section || left.index - right.index);
  for (const { section, index, forms, isFuller } of candidates) {
    const spec = drafts[section].spec;
    const key = `${section}:${index}`;
    const taken = chosen.get(key);
    if (isFuller) {
      // A longer form replaces the one taken, when the budget allows the difference.
      if (taken === undefined) continue;
      const takenLine = `${marker(spec.marker, 0)}${taken}\n`;
      for (const form of forms) {
        const line = `${marker(spec.marker, 0)}${form}\n`;
        const cost = budget.count(line) - budget.count(takenLine);
        if (form.length <= taken.length || tokens + cost > budget.maxTokens || chars + line.length - takenLine.length > budget.maxChars) continue;
        tokens += cost;
        chars += line.length - takenLine.length;
        chosen.set(key, form);
        break;
      }
      continue;
    }
    const heading = spec.isAdded && !opened.has(section) ? `${spec.heading}\n\n` : '';
    for (const form of forms) {
      const line = `${marker(spec.marker, 0)}${form}\n${heading}`;
      const cost = budget.count(line);
      if (tokens + cost > budget.maxTokens || chars + line.length > budget.maxChars) continue;
      tokens += cost;
      chars += line.length;
      opened.add(section);
      chosen.set(key, form);
      break;
    }
  }
  return chosen;
}

const numberedHeading = /^## (\d{1,2})\. /;

/**
 * Each section's text, or undefined for an added section left empty; added sections numbered on from the last section
 * written, so leaving one out leaves no gap in the numbers (`## 5.` then `## 6.`, never `## 7.`).
 */
function sectionParts(drafts: readonly Draft[], chosen: ReadonlyMap<string, string>): Array<string | undefined> {
  let lastNumber: number | undefined;
  return drafts.map((draft, section) => {
    if (draft.spec.isParent) return draft.spec.heading;
    const lines: string[] = [];
    draft.items.forEach((_, index) => {
      const form = chosen.get(`${section}:${index}`);
      if (form !== undefined) lines.push(`${marker(draft.spec.marker, lines.length)}${form}`);
    });
    if (lines.length === 0 && draft.spec.isAdded) return undefined;
    const number = numberedHeading.exec(draft.spec.heading);
    let { heading } = draft.spec;
    if (number && draft.spec.isAdded && lastNumber !== undefined) heading = heading.replace(numberedHeading, `## ${lastNumber + 1}. `);
    if (number) lastNumber = Number((numberedHeading.exec(heading) ?? number)[1]);
    return [heading, ...(lines.length === 0 ? ['(none)'] : lines)].join('\n');
  });
}

function textWithoutPins(drafts: readonly Draft[], chosen: ReadonlyMap<string, string>): string {
  return sectionParts(drafts, chosen).filter((part): part is string => part !== undefined).join('\n\n');
}

function renderDrafts(drafts: readonly Draft[], chosen: ReadonlyMap<string, string>, pinnedBlocks: readonly string[]): string {
  const parts = sectionParts(drafts, chosen);
  if (pinnedBlocks.length > 0) {
    const block = pinnedBlocks.join('\n');
    const contextIndex = drafts.findIndex((draft) => draft.spec.category === 'context' && !draft.spec.isParent);
    if (contextIndex === -1) {
      parts.push(`${pinnedSectionHeading}\n${block}`);
    } else {
      const part = parts[contextIndex] ?? drafts[contextIndex].spec.heading;
      parts[contextIndex] = `${part.endsWith('\n(none)') ? part.slice(0, -'\n(none)'.length) : part}\n${block}`;
    }
  }
  return parts.filter((part): part is string => part !== undefined).join('\n\n');
}

function marker(kind: ItemMarker, position: number): string {
  switch (kind) {
    case 'checkbox':
      return '- [ ] ';
    case 'checked':
      return '- [x] ';
    case 'numbered':
      return `${position + 1}. `;
    case 'bullet':
      return '- ';
  }
}

/** A previous summary's items by target section: its own category, else a fallback, else context, else the last. */
function routePrevious(sections: readonly SectionSpec[], previous: PreviousFacts): string[][] {
  const routed = sections.map(() => [] as string[]);
  const firstOf = (category: SectionCategory) => sections.findIndex((spec) => spec.category === category && !spec.isParent);
  let lastLeaf = -1;
  sections.forEach((spec, index) => {
    if (!spec.isParent && !spec.isAdded) lastLeaf = index;
  });
  for (const [category, items] of previous) {
    const candidates = [category, ...categoryFallbacks[category], 'context' as const, ...categoryFallbacks.context];
    const target = candidates.map(firstOf).find((index) => index !== -1) ?? lastLeaf;
    if (target !== -1) routed[target].push(...items);
  }
  return routed;
}
