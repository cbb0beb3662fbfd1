import type { Fact } from './facts';
import { isWordCode, normalizeFact, normalizeText } from './normalize';

interface Word {
  text: string;
  offset: number;
}

/** The words of a normalized text with their offsets. */
function wordsOf(text: string): Word[] {
  const words: Word[] = [];
  let start = -1;
  for (let index = 0; index <= text.length; index++) {
    const isWord = index < text.length && isWordCode(text.charCodeAt(index));
    if (isWord && start < 0) start = index;
    else if (!isWord && start >= 0) {
      words.push({ text: text.slice(start, index), offset: start });
      start = -1;
    }
  }
  return words;
}

/**
 * The comparable forms a fact may take in a context: its normalized text; for a number, with and without a space
 * before its unit; for a path of three segments or more, also its `parent/basename` (a summary often shortens
 * `/home/me/repo/src/app.ts` to `src/app.ts`).
 */
function factPatterns(fact: Fact): string[] {
  const pattern = normalizeFact(fact.text);
  if (fact.category === 'number') {
    // `30 s` and `30s` are the same number.
    const spaced = /^(\d[\d.,]*) ?([^\d\s].*)$/.exec(pattern);
    return spaced ? [`${spaced[1]}${spaced[2]}`, `${spaced[1]} ${spaced[2]}`] : [pattern];
  }
  if (fact.category !== 'path') return [pattern];
  const segments = pattern.split('/').filter((segment) => segment !== '');
  return segments.length >= 3 ? [pattern, segments.slice(-2).join('/')] : [pattern];
}

/** True when `pattern` stands in `context` at `start` as whole words (no word character glued to either end). */
function matchesAt(context: string, pattern: string, start: number): boolean {
  if (start < 0 || !context.startsWith(pattern, start)) return false;
  if (start > 0 && isWordCode(pattern.charCodeAt(0)) && isWordCode(context.charCodeAt(start - 1))) return false;
  const end = start + pattern.length;
  return !(end < context.length && isWordCode(pattern.charCodeAt(pattern.length - 1)) && isWordCode(context.charCodeAt(end)));
}

/**
 * Which facts the context still holds, as whole words after normalization (an exact occurrence always counts, since
 * normalization keeps it). The context is scanned once: every word the facts use is indexed by position, then each
 * fact is verified only where its rarest word occurs — linear in the context plus the facts, never context × facts.
 */
export function findFacts(facts: readonly Fact[], context: string): boolean[] {
  const normalized = normalizeText(context);
  const plans = facts.map((fact) => factPatterns(fact).map((pattern) => ({ pattern, words: wordsOf(pattern) })));
  const positions = new Map<string, number[]>();
  const lengths = new Set<number>();
  for (const plan of plans) {
    for (const { words } of plan) {
      for (const word of words) {
        positions.set(word.text, []);
        lengths.add(word.text.length);
      }
    }
  }
  let start = -1;
  for (let index = 0; index <= normalized.length; index++) {
    const isWord = index < normalized.length && isWordCode(normalized.charCodeAt(index));
    if (isWord && start < 0) start = index;
    else if (!isWord && start >= 0) {
      // Checking the length first spares slicing most of the context's words.
      if (lengths.has(index - start)) positions.get(normalized.slice(start, index))?.push(start);
      start = -1;
    }
  }
  return plans.map((plan) =>
    plan.some(({ pattern, words }) => {
      if (pattern === '') return false;
      if (words.length === 0) return normalized.includes(pattern);
      const anchor = words.reduce((rarest, word) => ((positions.get(word.text)?.length ?? 0) < (positions.get(rarest.text)?.length ?? 0) ? word : rarest));
      return (positions.get(anchor.text) ?? []).some((position) => matchesAt(normalized, pattern, position - anchor.offset));
    }),
  );
}
