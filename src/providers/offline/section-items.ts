import type { KeepPolicy } from './bounded-items';
import type { ConversationFacts } from './conversation-facts';
import type { SectionCategory } from './section-category';

/** The new items for one category, which end of them matters, and how many a full-size summary keeps. */
export interface CategoryItems {
  items: string[];
  policy: KeepPolicy;
  cap: number;
}

/** Most recent `count` paths, alphabetically (the Dart seed sorts its file lists). */
function recentSorted(paths: readonly string[], count: number): string[] {
  return paths.slice(Math.max(0, paths.length - count)).sort();
}

/** What a section of `category` says about the new conversation. */
export function categoryItems(category: SectionCategory, facts: ConversationFacts, hasFileSection: boolean): CategoryItems {
  const lastIntent = facts.intents[facts.intents.length - 1];
  const lastOpen = facts.openRequests[facts.openRequests.length - 1];
  switch (category) {
    case 'requests':
      return { items: facts.requests, policy: 'head-tail', cap: 10 };
    case 'goal':
      return { items: facts.requests, policy: 'head-tail', cap: 3 };
    case 'pending':
      return { items: facts.openRequests, policy: 'tail', cap: 5 };
    case 'constraints':
      return { items: facts.constraints, policy: 'head', cap: 6 };
    case 'filesRead':
      return { items: recentSorted(facts.filesRead, 20), policy: 'head', cap: 20 };
    case 'filesChanged':
      return { items: recentSorted(facts.filesChanged, 20), policy: 'head', cap: 20 };
    case 'files':
      return {
        items: [
          ...recentSorted(facts.filesChanged, 16).map((path) => `${path} (changed)`),
          ...recentSorted(facts.filesRead, 8).map((path) => `${path} (read)`),
        ],
        policy: 'head',
        cap: 24,
      };
    case 'commands':
      return { items: facts.commands, policy: 'tail', cap: 12 };
    case 'errors':
      return { items: facts.errors, policy: 'tail', cap: 8 };
    case 'blocked':
      return { items: facts.blockers, policy: 'tail', cap: 4 };
    case 'decisions':
      // Few explicit decisions: the latest stated intentions ("I'll …") stand in for the rest.
      return { items: [...facts.intents.slice(-Math.max(0, 4 - facts.decisions.length)), ...facts.decisions], policy: 'tail', cap: 8 };
    case 'done':
      return { items: facts.done, policy: 'tail', cap: 10 };
    case 'current':
      return { items: [lastIntent, facts.lastAssistant].filter(isText), policy: 'tail', cap: 2 };
    case 'next':
      return { items: [lastIntent, lastOpen === undefined ? undefined : `Finish: ${lastOpen}`].filter(isText), policy: 'head', cap: 3 };
    case 'concepts':
      return { items: facts.concepts, policy: 'head', cap: 10 };
    case 'context':
      return {
        items: !hasFileSection && facts.filesChanged.length > 0 ? [`Files changed: ${recentSorted(facts.filesChanged, 8).join(', ')}`] : [],
        policy: 'head',
        cap: 4,
      };
  }
}

function isText(value: string | undefined): value is string {
  return value !== undefined && value.length > 0;
}
