import { clipItem, mergeItems, pickBounded } from './bounded-items';
import type { ConversationFacts } from './conversation-facts';
import type { PreviousFacts } from './previous-summary';
import { categoryFallbacks, type SectionCategory } from './section-category';
import { categoryItems } from './section-items';
import type { ItemMarker, SectionSpec } from './section-plan';

/** Everything one summary is written from. */
export interface RenderInput {
  sections: readonly SectionSpec[];
  facts: ConversationFacts;
  previous: PreviousFacts;
  /** Pinned text copied byte for byte; never clipped and not counted against the budget. */
  pinnedBlocks: readonly string[];
  /** The summary's share of its input, in characters: the length it aims at (pinned text not counted). */
  ratioChars: number;
  /** Characters of items a summary may have on top of its bare headings, however short the input. */
  floorChars: number;
  /** Hard upper bound (the `maxChars` option, the request's `maxOutputTokens`); only bare headings may exceed it. */
  capChars: number;
  /** Longest item, in characters, at full size. */
  itemChars: number;
}

// Ever smaller summaries, tried in order until one fits the budget; the last (headings only) is always accepted.
const shrinkLevels = [
  { capFactor: 1, itemChars: 200 },
  { capFactor: 0.5, itemChars: 160 },
  { capFactor: 0.25, itemChars: 120 },
  { capFactor: 0.1, itemChars: 100 },
  { capFactor: 0, itemChars: 80 },
];

const pinnedSectionHeading = '## Critical Context';

const staleCategories: ReadonlySet<SectionCategory> = new Set(['current', 'next', 'blocked']);

/** Writes the summary: every section filled (or `(none)`), previous facts merged first, pinned text verbatim. */
export function renderSummary(input: RenderInput): string {
  const routed = routePrevious(input.sections, input.previous);
  const hasFileSection = input.sections.some((spec) => spec.category === 'files' || spec.category === 'filesChanged');
  const contextIndex = input.sections.findIndex((spec) => spec.category === 'context' && !spec.isParent);
  const fresh = input.sections.map((spec) => categoryItems(spec.category, input.facts, hasFileSection));
  // What was in progress or next last time is stale once newer work exists: there the new items come first.
  const merged = fresh.map((items, index) =>
    staleCategories.has(input.sections[index].category) ? mergeItems(items.items, routed[index]) : mergeItems(routed[index], items.items));
  const skeletonChars = input.sections.reduce((sum, spec) => sum + spec.heading.length + (spec.isParent ? 0 : 7) + 2, 0);
  const budgetChars = Math.min(input.capChars, Math.max(input.ratioChars, skeletonChars + input.floorChars));
  let parts: string[] = [];
  for (const level of shrinkLevels) {
    parts = input.sections.map((spec, index) => {
      if (spec.isParent) return spec.heading;
      const { policy, cap } = fresh[index];
      const levelCap = level.capFactor === 0 ? 0 : Math.max(1, Math.round(cap * level.capFactor));
      const picked = pickBounded(merged[index], levelCap, policy);
      const itemChars = Math.min(input.itemChars, level.itemChars);
      const lines = picked.map((item, position) => `${marker(spec.marker, position)}${clipItem(item, itemChars)}`);
      const hasPinned = index === contextIndex && input.pinnedBlocks.length > 0;
      return [spec.heading, ...(lines.length === 0 && !hasPinned ? ['(none)'] : lines)].join('\n');
    });
    if (parts.join('\n\n').length <= budgetChars) break;
  }
  if (input.pinnedBlocks.length > 0) {
    const block = input.pinnedBlocks.join('\n');
    if (contextIndex === -1) parts.push(`${pinnedSectionHeading}\n${block}`);
    else parts[contextIndex] = `${parts[contextIndex]}\n${block}`;
  }
  return parts.join('\n\n');
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
    if (!spec.isParent) lastLeaf = index;
  });
  for (const [category, items] of previous) {
    const candidates = [category, ...categoryFallbacks[category], 'context' as const, ...categoryFallbacks.context];
    const target = candidates.map(firstOf).find((index) => index !== -1) ?? lastLeaf;
    if (target !== -1) routed[target].push(...items);
  }
  return routed;
}
