/** The kinds of checkable fact retention looks for, in the order reports list them. */
export type FactCategory = 'path' | 'identifier' | 'error' | 'command' | 'url' | 'number' | 'request' | 'todo' | 'decision';

/** Every fact category, in report order. */
export const factCategories: readonly FactCategory[] = ['path', 'identifier', 'error', 'command', 'url', 'number', 'request', 'todo', 'decision'];

/** One checkable fact: its category, its text as it stands in the source, and the source message it came from. */
export interface Fact {
  category: FactCategory;
  text: string;
  sourceMessageId: string;
}

/** How many facts of one category were checked, and how many the compacted context still holds. */
export interface CategoryRetention {
  total: number;
  kept: number;
}

/** Facts checked against one compacted context: overall and by category, every lost fact, and the pinned lines. */
export interface RetentionReport {
  total: number;
  kept: number;
  /** kept / total; 1 when there was nothing to check. */
  overall: number;
  byCategory: Record<FactCategory, CategoryRetention>;
  lost: Fact[];
  /** The config's pinned lines, checked verbatim; `lost` lists the lines that are missing. */
  pinned: { total: number; kept: number; lost: string[] };
}

/** A problem a pass shows about itself, with the message it concerns and the text that shows it when there is one. */
export interface LossFlag {
  kind: 'inflation' | 'stall' | 'summary-larger-than-source' | 'broken-tool-pairs' | 'pinned-line-lost' | 'unsupported-claim';
  message: string;
  messageId?: string;
  evidence?: string;
}

/**
 * Retention of one pass. `perPass`: facts of the messages this pass compacted (kept before it, not kept after it)
 * checked against its output; `cumulative`: facts of every message compacted so far, checked against the same output.
 */
export interface PassRetention {
  pass: number;
  perPass: RetentionReport;
  cumulative: RetentionReport;
  flags: LossFlag[];
}
