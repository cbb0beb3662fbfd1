/** Item-level text helpers shared by the offline summarizer: one-line clipping, de-duplication keys, merging. */

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
export function itemKey(text: string): string {
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

/** A previous summary's items and the new ones not already among them, each de-duplicated. */
interface MergedItems {
  old: string[];
  added: string[];
}

/** A previous summary's items, each once, and the new items that are not among them. */
export function mergeItems(earlier: readonly string[], fresh: readonly string[]): MergedItems {
  const old = uniqueItems(earlier);
  const oldKeys = new Set(old.map(itemKey));
  return { old, added: uniqueItems(fresh).filter((item) => !oldKeys.has(itemKey(item))) };
}
