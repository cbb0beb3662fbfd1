import { objectsAmong } from './shared';

/**
 * How a format's detector sees one object of a list: one of the format's own messages; one of its messages whose
 * role or type is damaged (present, but not a value the format defines); or something that is no message of it.
 */
export type EntryShape = 'own' | 'damaged' | 'foreign';

/**
 * True when the objects among a list's first `limit` entries are clearly one format's messages: at least one is its
 * own, none is foreign, and at most one in three is damaged (one is always allowed, so a short list survives one bad
 * entry). A damaged role or type then costs only its entry, which the reader skips with a located error, and never the
 * whole file; yet a list of other records is not claimed, and a list carrying another format's markers (a foreign
 * entry) stays with that format, as before. Entries that are not objects are left out, like everywhere in detection.
 */
export function isClearlyOwnList(list: readonly unknown[], limit: number, shapeOf: (entry: Record<string, unknown>) => EntryShape): boolean {
  const entries = objectsAmong(list, limit);
  let ownCount = 0;
  let damagedCount = 0;
  for (const entry of entries) {
    const shape = shapeOf(entry);
    if (shape === 'foreign') return false;
    if (shape === 'own') ownCount += 1;
    else damagedCount += 1;
  }
  return ownCount > 0 && damagedCount <= Math.max(1, Math.floor(entries.length / 3));
}
