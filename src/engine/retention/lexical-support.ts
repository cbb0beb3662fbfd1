/** Below this share of supported content words a summary sentence is flagged as possibly invented. */
const minimumSupport = 0.4;

/** Sentences with fewer content words than this say too little to judge. */
const minimumContentWords = 3;

// Common English words of four letters or more: they carry no claim, so they neither support nor count against one.
const stopwords = new Set(
  (
    'about above after again against also although among another anything around because been before being below between both ' +
    'cannot could does doing done down during each either else enough even every from further given have having here into itself ' +
    'just less like made make many more most much must need needs neither never next none only other others over perhaps rather ' +
    'really same several should since some something still such than that their them themselves then there these they thing things ' +
    'this those though through thus under unless until upon very want were what whatever when where whether which while whom whose ' +
    'will with within without would your yours already always using used uses well'
  ).split(' '),
);

function stem(word: string): string {
  return word.length > 5 ? word.replace(/(?:ing|ed|es|s)$/, '') : word.replace(/s$/, '');
}

/** Letters, digits and `_`; every non-ASCII unit counts as a letter (scripts without spaces stay one word). */
function isWordUnit(code: number): boolean {
  return code >= 128 || (code >= 97 && code <= 122) || (code >= 48 && code <= 57) || code === 95 || (code >= 65 && code <= 90);
}

/** Calls `visit` with each content word of a text: lower-cased, four characters or more, stopwords left out. */
function forEachContentWord(text: string, visit: (word: string) => void): void {
  const lower = text.toLowerCase();
  let start = -1;
  for (let index = 0; index <= lower.length; index++) {
    const isWord = index < lower.length && isWordUnit(lower.charCodeAt(index));
    if (isWord && start < 0) start = index;
    else if (!isWord && start >= 0) {
      if (index - start >= 4) {
        const word = lower.slice(start, index);
        if (!stopwords.has(word)) visit(word);
      }
      start = -1;
    }
  }
}

/** The content words of a text: lower-cased, four characters or more, stopwords left out. */
function contentWords(text: string): string[] {
  const words: string[] = [];
  forEachContentWord(text, (word) => words.push(word));
  return words;
}

/** The words a source text offers as support, stemmed so `tests` supports `test` and `failing` supports `failed`. */
export class LexicalSupport {
  private readonly stems = new Set<string>();

  /** Adds a source text's words. */
  add(text: string): void {
    forEachContentWord(text, (word) => this.stems.add(stem(word)));
  }

  /** True when the source holds the word (or another form of it). */
  supports(word: string): boolean {
    return this.stems.has(stem(word));
  }
}

/**
 * The sentences of a summary worth checking: section headings (`## X`, `**X:**`), lead-ins ending in `:`, `(none)` placeholders and
 * bracketed markers (`[auto-compacted 12 older messages]`, `[tool]`) left out; list markers stripped.
 */
function claimSentences(summary: string): string[] {
  return summary
    .split('\n')
    .map((line) => line.replace(/\[[^\]\n]*\]/g, ' ').replace(/^\s*(?:[-*+>]|\d+[.)])\s+/, '').replace(/^[*_]+|[*_]+$/g, '').trim())
    .filter((line) => line !== '' && !line.startsWith('#') && !line.endsWith(':') && !/^\(.*\)$/.test(line) && !/^<\/?[\w-]+>$/.test(line))
    .flatMap((line) => line.split(/(?<=[.!?])\s+/))
    .map((sentence) => sentence.trim())
    .filter((sentence) => sentence !== '');
}

/** A summary sentence with too little lexical support in its source. */
export interface UnsupportedSentence {
  /** The sentence as the summary states it (list markers and emphasis stripped). */
  sentence: string;
  /** How many of its distinct content words the source holds (in some form). */
  supported: number;
  /** How many distinct content words it has. */
  total: number;
}

/** The summary's sentences whose content words are mostly absent from the source (under `minimumSupport`). */
export function unsupportedSentences(summary: string, support: LexicalSupport): UnsupportedSentence[] {
  return claimSentences(summary).flatMap((sentence) => {
    const words = [...new Set(contentWords(sentence))];
    if (words.length < minimumContentWords) return [];
    const supported = words.filter((word) => support.supports(word)).length;
    return supported / words.length < minimumSupport ? [{ sentence, supported, total: words.length }] : [];
  });
}
