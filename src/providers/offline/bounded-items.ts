/** Item-level text helpers shared by the offline summarizer: one-line clipping, de-duplication keys, bounded picks. */

/** Collapses whitespace to single spaces and clips to `maxChars` (with `…`), never splitting a surrogate pair. */
export function clipItem(text: string, maxChars: number): string {
  const flat = text.replace(/\s+/g, ' ').trim();
  if (flat.length <= maxChars) return flat;
  let end = Math.max(0, maxChars - 1);
  const code = flat.charCodeAt(end - 1);
  if (code >= 0xd800 && code <= 0xdbff) end -= 1;
  return `${flat.slice(0, end)}…`;
}

/** The key two items are considered the same under: case, spacing and list markers do not matter. */
function itemKey(text: string): string {
  return stripListMarker(text.replace(/\s+/g, ' ').trim())
    .replace(/^["'“]+|["'”.]+$/g, '')
    .toLowerCase();
}

/** Removes a leading `- `, `* `, `- [ ] `, `- [x] ` or `3. ` so items from a previous summary compare with new ones. */
export function stripListMarker(line: string): string {
  return line.replace(/^\s*(?:[-*+]\s+)?(?:\[[ xX]\]\s+)?(?:\d{1,3}[.)]\s+)?/, '');
}

/** Keeps the first occurrence of every key, in order. */
function uniqueItems(items: readonly string[]): string[] {
  const seen = new Set<string>();
  const result: string[] = [];
  for (const item of items) {
    const key = itemKey(item);
    if (key.length === 0 || seen.has(key)) continue;
    seen.add(key);
    result.push(item);
  }
  return result;
}

/** Which end of a list matters most when it has to be cut: the oldest, the newest, or both. */
export type KeepPolicy = 'head' | 'tail' | 'head-tail';

/** A previous summary's items and the new ones not already among them, each de-duplicated. */
export interface MergedItems {
  old: string[];
  added: string[];
}

/** Merges once, so shrinking a summary level by level does not redo the de-duplication. */
export function mergeItems(earlier: readonly string[], fresh: readonly string[]): MergedItems {
  const old = uniqueItems(earlier);
  const oldKeys = new Set(old.map(itemKey));
  return { old, added: uniqueItems(fresh).filter((item) => !oldKeys.has(itemKey(item))) };
}

/**
 * At most `cap` items: the previous summary's first and favoured — they keep up to half the cap, all of it when
 * there is nothing new — then the new ones by `policy`. A cut is said with a final `(+N more)` item.
 */
export function pickBounded({ old, added }: MergedItems, cap: number, policy: KeepPolicy): string[] {
  const total = old.length + added.length;
  if (total <= cap) return [...old, ...added];
  if (cap <= 0) return [];
  const oldCount = Math.min(old.length, Math.max(Math.ceil(cap / 2), cap - added.length));
  const kept = [...old.slice(0, oldCount), ...pickByPolicy(added, cap - oldCount, policy)];
  kept.push(`(+${total - kept.length} more)`);
  return kept;
}

function pickByPolicy(items: readonly string[], room: number, policy: KeepPolicy): string[] {
  if (room <= 0) return [];
  if (items.length <= room) return [...items];
  if (policy === 'head') return items.slice(0, room);
  if (policy === 'tail') return items.slice(items.length - room);
  const headCount = Math.ceil(room / 3);
  return [...items.slice(0, headCount), ...items.slice(items.length - (room - headCount))];
}
