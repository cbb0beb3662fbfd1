import * as z from 'zod';
import type { Message } from '../../transcript/model';
import type { CompactionRecord } from './prepare-compaction';

/**
 * What the seed's session file would still know after a run, handed to the next run through `carryState`: the newest
 * compaction record this profile wrote (the summary message's id, the raw summary and its file lists, as the Dart
 * `CompactionRecord` holds them) and the ids of the list the run left behind. The Dart code reads "the branch leaf is
 * a compaction record" from the session; here that is "the input holds nothing but what the last compaction left".
 */
export const autoCompactorCarrySchema = z.object({
  compaction: z.object({
    summaryId: z.string(),
    summary: z.string(),
    readFiles: z.array(z.string()),
    modifiedFiles: z.array(z.string()),
  }),
  /** Ids of the list right after that compaction, pinned carriers left out (null once messages were added after it). */
  leafIds: z.array(z.string()).nullable(),
  /**
   * Ids of the pinned carriers in the output the run handed back. Upstream builds the carrier for each request and never
   * stores it, so a later run takes them out of its input rather than reading them as conversation.
   */
  carrierIds: z.array(z.string()).default([]),
});

/** The carried state, parsed. */
export type AutoCompactorCarry = z.infer<typeof autoCompactorCarrySchema>;

/** The record a carried compaction stands for. */
export function carriedRecord(carry: AutoCompactorCarry): CompactionRecord {
  const { summary, readFiles, modifiedFiles } = carry.compaction;
  return { summary, fileOperations: { readFiles, modifiedFiles } };
}

/** The input without the pinned carriers an earlier run left in its output (they are rebuilt, never conversation). */
export function withoutCarriedCarriers(messages: readonly Message[], carry: AutoCompactorCarry | undefined): readonly Message[] {
  if (!carry || carry.carrierIds.length === 0) return messages;
  const carriers = new Set(carry.carrierIds);
  return messages.filter((message) => !carriers.has(message.id));
}

/**
 * True when the list is what the last compaction left and nothing more: no message arrived since (the seed's
 * `prepareCompaction` returns null when the branch's last entry is a compaction record). An empty list is no work too.
 */
export function isCompactedAtLeaf(messages: readonly Message[], carry: AutoCompactorCarry | undefined): boolean {
  if (messages.length === 0) return true;
  const leafIds = carry?.leafIds;
  if (!leafIds) return false;
  const left = new Set(leafIds);
  return messages.every((message) => left.has(message.id));
}
