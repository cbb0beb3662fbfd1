/** What a pass did to one source message. The diff view and metrics read fates; nobody re-derives them. */
export type Fate =
  | { kind: 'kept' }
  | { kind: 'masked' }
  | { kind: 'microcompacted'; charsBefore: number; charsAfter: number }
  | { kind: 'summarized'; summaryId: string }
  | { kind: 'trimmed' }
  | { kind: 'repaired'; reason: string }
  | { kind: 'dropped'; reason: string };

/** A message the pass added that has no source: a summary, a trim marker, a pinned-operative carrier. */
export interface Insertion {
  id: string;
  kind: 'summary' | 'marker' | 'pinned-carrier';
}
