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
 * The comparable forms one spelling of a fact may take in a context: its normalized text; for a number, with and
 * without a space before its unit; for a path of three segments or more, also its `parent/basename` (a summary often
 * shortens `/home/me/repo/src/app.ts` to `src/app.ts`).
 */
function spellingPatterns(category: Fact['category'], text: string): string[] {
  const pattern = normalizeFact(text);
  if (category === 'number') {
    // `30 s` and `30s` are the same number.
    const spaced = /^(\d[\d.,]*) ?([^\d\s].*)$/.exec(pattern);
    return spaced ? [`${spaced[1]}${spaced[2]}`, `${spaced[1]} ${spaced[2]}`] : [pattern];
  }
  if (category !== 'path') return [pattern];
  const segments = pattern.split('/').filter((segment) => segment !== '');
  return segments.length >= 3 ? [pattern, segments.slice(-2).join('/')] : [pattern];
}

/** The comparable forms of a fact: those of its text and of each of its other spellings (see `Fact.spellings`). */
function factPatterns(fact: Fact): string[] {
  return [fact.text, ...(fact.spellings ?? [])].flatMap((text) => spellingPatterns(fact.category, text));
}

/** True when a character glued to a command would make it another command: `test:ci` is not `test`, `./x/...` not `./x`. */
function continuesShellWord(context: string, at: number): boolean {
  if (at >= context.length) return false;
  const code = context.charCodeAt(at);
  if (isWordCode(code) || context[at] === '/') return true;
  // `.`, `:`, `-`, `=`, `@`, `+` continue a word only when more of it follows (`test:ci`), not at a sentence's end.
  return '.:-=@+'.includes(context[at]) && at + 1 < context.length && (isWordCode(context.charCodeAt(at + 1)) || context[at + 1] === '/');
}

/** An argument of a command rather than a prose word: `-run`, `./x`, `cmd/x`, `main.go`, `A=b`, `$HOME` (a lone `-` is a dash). */
const argumentShaped = /^(?:-\S|[./~$@]|\S*[/=]|\w+\.\w)/;

/**
 * True when a command stands at `start`–`end` of `context` whole: as whole shell words (nothing glued to either end
 * that continues one: `/`, `-x`, `:ci`) and not followed by an argument of its own — `go test ./x` is not held by
 * `go test ./x/...` nor used by `go test ./x -run TestY`, and `mise run test` is not `mise run test:ci`. Prose may
 * follow ("ran go test ./x to check").
 */
function standsWhole(context: string, start: number, end: number): boolean {
  if (start > 0 && (isWordCode(context.charCodeAt(start - 1)) || '/.-@+'.includes(context[start - 1]))) return false;
  if (continuesShellWord(context, end)) return false;
  const next = context[end] === ' ' ? /^\S+/.exec(context.slice(end + 1, end + 201))?.[0] : undefined;
  return next === undefined || !argumentShaped.test(next);
}

/**
 * True when `pattern` stands in `context` at `start` as whole words (no word character glued to either end); with
 * `isWholeCommand`, as a whole command (`standsWhole`).
 */
function matchesAt(context: string, pattern: string, start: number, isWholeCommand: boolean): boolean {
  if (start < 0 || !context.startsWith(pattern, start)) return false;
  const end = start + pattern.length;
  if (isWholeCommand) return standsWhole(context, start, end);
  if (start > 0 && isWordCode(pattern.charCodeAt(0)) && isWordCode(context.charCodeAt(start - 1))) return false;
  return !(end < context.length && isWordCode(pattern.charCodeAt(pattern.length - 1)) && isWordCode(context.charCodeAt(end)));
}

/** How `findFacts` reads the context. */
interface FindOptions {
  /**
   * Commands are whole commands (need-weighted retention, which counts each command once): found only where one stands
   * whole (see `standsWhole`). Without it a command is found as whole words, as a prefix of a longer one too (the next
   * actions' targets are command cores, `npm test` for `npm test -- --run`).
   */
  wholeCommands?: boolean;
}

/**
 * Which facts the context still holds, as whole words after normalization (an exact occurrence always counts, since
 * normalization keeps it); a fact with other spellings (`Fact.spellings`) is held when any of them is. The context is
 * scanned once: every word the facts use is indexed by position, then each fact is verified only where its rarest word
 * occurs — linear in the context plus the facts, never context × facts.
 */
export function findFacts(facts: readonly Fact[], context: string, options: FindOptions = {}): boolean[] {
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
  return plans.map((plan, index) => {
    const isWholeCommand = options.wholeCommands === true && facts[index].category === 'command';
    return plan.some(({ pattern, words }) => {
      if (pattern === '') return false;
      if (words.length === 0) return normalized.includes(pattern);
      const anchor = words.reduce((rarest, word) => ((positions.get(word.text)?.length ?? 0) < (positions.get(rarest.text)?.length ?? 0) ? word : rarest));
      return (positions.get(anchor.text) ?? []).some((position) => matchesAt(normalized, pattern, position - anchor.offset, isWholeCommand));
    });
  });
}
