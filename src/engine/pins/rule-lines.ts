/** Words that make a sentence a lasting rule rather than a one-off request. */
const lastingWords = /\b(always|never|must|do not|don't|at all times|from now on|every time|whenever|until|before (?:committing|finishing|pushing|merging|you))\b/i;

/** How a rule opens when it is stated outright ("Always…", "Never…", "Please do not…", "IMPORTANT: …"). */
const ruleOpening = /^(?:(?:important|note|rule|remember)\s*[:,!-]\s*)?(?:please\s+)?(?:always|never|do not|don't|must|make sure|remember to|avoid|ensure|only)\b/i;

/** First words of an imperative sentence: a rule whose lasting word sits later ("Run the tests before committing"). */
const imperativeVerbs = new Set(['add', 'ask', 'avoid', 'check', 'commit', 'continue', 'edit', 'ensure', 'follow', 'keep', 'make', 'prefer', 'push', 'put', 'read', 'remove', 'run', 'start', 'stop', 'test', 'update', 'use', 'work', 'write']);

/** Markdown list markers, numbering and quote marks around a line. */
function stripMarkers(line: string): string {
  return line.replace(/^\s*(?:[-*+>]|\d+[.)])\s+/, '').trim();
}

/** A text's sentences, line by line (a sentence never spans lines), list markers removed. */
export function splitSentences(text: string): string[] {
  return text
    .split(/\r?\n/)
    .map(stripMarkers)
    .flatMap((line) => line.split(/(?<=[.!?])\s+(?=[A-Z`"'(])/))
    .map((sentence) => sentence.trim())
    .filter((sentence) => sentence !== '');
}

/** A sentence that can be an instruction: not a question, a tag or a redaction placeholder. */
export function isStatement(sentence: string): boolean {
  return !sentence.endsWith('?') && !/^(?:<|\[REDACTED)/i.test(sentence);
}

/** Whether a sentence states a lasting rule: it opens as one, or an imperative or "you …" sentence carries a lasting word. */
export function isRuleSentence(sentence: string): boolean {
  if (!isStatement(sentence)) return false;
  if (ruleOpening.test(sentence)) return true;
  if (!lastingWords.test(sentence)) return false;
  const firstWord = /^[a-z']+/i.exec(sentence)?.[0].toLowerCase() ?? '';
  return imperativeVerbs.has(firstWord) || /\byou (?:must|should|need to|have to|may not|cannot|can't|are not allowed|don't (?:have|need) to)\b/i.test(sentence);
}

/** The sentences of a text that state lasting rules, in order. */
export function ruleSentences(text: string): string[] {
  return splitSentences(text).filter(isRuleSentence);
}
