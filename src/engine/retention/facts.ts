/** The kinds of checkable fact retention looks for, in the order reports list them. */
export type FactCategory = 'path' | 'identifier' | 'error' | 'command' | 'url' | 'number' | 'request' | 'todo' | 'decision';

/** Every fact category, in report order. */
export const factCategories: readonly FactCategory[] = ['path', 'identifier', 'error', 'command', 'url', 'number', 'request', 'todo', 'decision'];

/** One checkable fact: its category, its text as it stands in the source, and the source message it came from. */
export interface Fact {
  category: FactCategory;
  /** The fact as the source states it. */
  text: string;
  /** Id of the message the fact was found in. */
  sourceMessageId: string;
  /**
   * Other spellings of the same fact, each of which a context may hold instead of `text`: the same file by another path
   * (absolute and repo-relative), the same command in another form (without `cd … &&` or `2>&1 | tail`). Set only by
   * need-weighted retention, which counts a file or a command once (`mergeSpellings`).
   */
  spellings?: readonly string[];
}

/** How many facts of one category were checked, and how many the compacted context still holds. */
export interface CategoryRetention {
  /** How many facts of the category were checked. */
  total: number;
  /** How many of them the context holds. */
  kept: number;
}

/** Facts checked against one compacted context: overall and by category, every lost fact, and the pinned lines. */
export interface RetentionReport {
  /** How many facts were checked. */
  total: number;
  /** How many of them the context holds. */
  kept: number;
  /** kept / total; 1 when there was nothing to check. */
  overall: number;
  /** `total` and `kept` by fact category. */
  byCategory: Record<FactCategory, CategoryRetention>;
  /** The facts the context does not hold, in source order. */
  lost: Fact[];
  /** The config's pinned lines, checked verbatim; `lost` lists the lines that are missing. */
  pinned: { total: number; kept: number; lost: string[] };
}

/** A problem a pass shows about itself, with the message it concerns and the text that shows it when there is one. */
export interface LossFlag {
  kind: 'inflation' | 'stall' | 'summary-larger-than-source' | 'broken-tool-pairs' | 'pinned-line-lost' | 'unsupported-claim';
  /** What the problem is, in a sentence. */
  message: string;
  /** Id of the message the problem concerns, when it concerns one (the summary, the message holding a broken pair). */
  messageId?: string;
  /** The text that shows the problem, when there is one (the unsupported sentence, the lost pinned line, the broken call ids). */
  evidence?: string;
}

/** A fact of the compacted part that the transcript used again after it. */
export interface NeededFact extends Fact {
  /** Ids of the messages after the compacted part that used it (the agent's text and tool calls, the human's messages), in order. */
  usedAt: string[];
}

/** How much of what the transcript needed after the compacted part one compacted context still holds. */
export interface NeedRetention {
  /** kept / needed, 0..1; 1 when nothing was needed (then `nothingNeeded` is true: the score says nothing). */
  score: number;
  /** How many facts were needed. */
  needed: number;
  /** How many of them the context holds. */
  kept: number;
  /** True when no fact was needed: `score` is then 1 and says nothing. */
  nothingNeeded: boolean;
  /** `needed` (as `total`) and `kept` by fact category. */
  byCategory: Record<FactCategory, CategoryRetention>;
  /** Needed facts the context does not hold, in source order, each with where the transcript used it. */
  lost: NeededFact[];
}

/**
 * The need-weighted view of one pass: the facts of the source messages its output does not keep that the source
 * messages after the last of them use again, checked against the output without those later messages (which it keeps
 * verbatim, so they would hold every such fact trivially).
 */
export interface PassNeedRetention extends NeedRetention {
  /** Id of the first source message after the compacted part. */
  laterFrom: string;
  /** How many source messages come after the compacted part. */
  laterMessages: number;
}

/**
 * Retention of one pass. `perPass`: facts of the messages this pass compacted (kept before it, not kept after it)
 * checked against its output; `cumulative`: facts of every message compacted so far, checked against the same output.
 * `needWeighted`: absent when nothing in the source comes after the messages the pass's output does not keep.
 */
export interface PassRetention {
  /** The pass's 1-based number. */
  pass: number;
  /** The facts of the messages this pass compacted, checked against its output. */
  perPass: RetentionReport;
  /** The facts of every message compacted so far, checked against this pass's output. */
  cumulative: RetentionReport;
  /** The problems this pass shows about itself. */
  flags: LossFlag[];
  /** The facts compacted away that later source messages use again, checked against the output without those messages. */
  needWeighted?: PassNeedRetention;
}
