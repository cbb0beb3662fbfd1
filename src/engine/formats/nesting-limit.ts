/**
 * Bounds how deeply imported JSON may nest. JSON.parse copes with a value nested 100,000 levels deep, but everything
 * after it recurses: the importers' walkers, JSON.stringify (exports, tool arguments), and the structured clone that
 * carries a transcript from the worker to the page, which overflows the stack at a few thousand levels. Real
 * transcripts nest about a dozen levels, so anything deeper than the limit is hostile or broken: the deeper part is
 * replaced by a placeholder, said where, and the rest of the record imports as usual.
 */

/** Deepest nesting kept, counted from the record's top (a record is one JSONL line, or the whole JSON document). */
export const MAX_NESTING_DEPTH = 256;

/** What stands in for a value cut at the limit. */
export const NESTING_PLACEHOLDER = `[nested more than ${MAX_NESTING_DEPTH} levels deep: cut on import]`;

/** How many leading path segments a cut's location names; the path of a cut is as long as the limit. */
const NAMED_SEGMENTS = 6;

/** The cuts made in one value: where the first one sits (a JSON path, shortened) and how many there were. */
export interface NestingCuts {
  firstPath: string;
  count: number;
}

/** One container being walked: its keys (undefined for an array), the next position, and its key in the parent. */
interface Frame {
  container: Record<string, unknown> | unknown[];
  keys: string[] | undefined;
  position: number;
  key: string | number | undefined;
}

function isContainer(value: unknown): value is Record<string, unknown> | unknown[] {
  return typeof value === 'object' && value !== null;
}

function pathOf(frames: readonly Frame[], key: string | number): string {
  const segments = [...frames.slice(1).map((frame) => frame.key as string | number), key];
  const named = segments.slice(0, NAMED_SEGMENTS).reduce<string>(
    (path, segment) => (typeof segment === 'number' ? `${path}[${segment}]` : path === '' ? segment : `${path}.${segment}`),
    '',
  );
  return segments.length > NAMED_SEGMENTS ? `${named}…` : named;
}

/**
 * Replaces, in place, every value nested deeper than `maxDepth` inside `root` with NESTING_PLACEHOLDER. The walk is
 * iterative, so it is safe on any depth JSON.parse returns. Returns undefined when nothing was cut.
 */
export function limitNesting(root: unknown, maxDepth = MAX_NESTING_DEPTH): NestingCuts | undefined {
  if (!isContainer(root)) return undefined;
  const frames: Frame[] = [{ container: root, keys: Array.isArray(root) ? undefined : Object.keys(root), position: 0, key: undefined }];
  let cuts: NestingCuts | undefined;
  while (frames.length > 0) {
    const frame = frames[frames.length - 1];
    const size = frame.keys ? frame.keys.length : (frame.container as unknown[]).length;
    if (frame.position >= size) {
      frames.pop();
      continue;
    }
    const key = frame.keys ? frame.keys[frame.position] : frame.position;
    frame.position += 1;
    const child = (frame.container as Record<string | number, unknown>)[key];
    if (!isContainer(child)) continue;
    if (frames.length >= maxDepth) {
      (frame.container as Record<string | number, unknown>)[key] = NESTING_PLACEHOLDER;
      cuts = cuts ? { ...cuts, count: cuts.count + 1 } : { firstPath: pathOf(frames, key), count: 1 };
      continue;
    }
    frames.push({ container: child, keys: Array.isArray(child) ? undefined : Object.keys(child), position: 0, key });
  }
  return cuts;
}

/** The cuts in words, for the import report. */
export function describeNestingCuts(cuts: NestingCuts): string {
  const where = cuts.firstPath === '' ? 'a value' : `the value at ${cuts.firstPath}`;
  const more = cuts.count > 1 ? ` (${cuts.count} places)` : '';
  return `${where} is nested more than ${MAX_NESTING_DEPTH} levels deep; the deeper part was replaced by a placeholder${more}`;
}
