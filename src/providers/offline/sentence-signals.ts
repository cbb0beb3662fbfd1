/** The phrase patterns the offline summarizer sorts sentences and lines by. All are linear: no nested quantifiers. */

/** An assistant saying what it is about to do. */
export const intentPattern = /\b(?:I'll|I will|I'm going to|I am going to|let me|let's|we'll|we will|next,? I|I need to|I should|still need|remaining)\b/i;

/** An assistant committing to a choice. */
export const decisionPattern =
  /\b(?:decided|decide to|decision|will use|instead|rather than|chose|choose to|going with|go with|switch(?:ed|ing)? to|opt(?:ed)? (?:for|to))\b/i;

/** An assistant reporting finished work. */
export const completionPattern =
  /\b(?:done|completed?|fixed|implemented|added|created|updated|tests? pass(?:ed|es)?|passing|succeeded|resolved|finished|committed|pushed|closed|merged)\b/i;

/** A user stating a rule for the work. */
export const constraintPattern =
  /\b(?:must|never|always|don't|do not|make sure|ensure|shouldn't|should not|prefer|avoid|without|only use|no more than)\b/i;

/** A line that is plainly an error report: it starts like one. */
export const errorLinePattern =
  /^(?:error\b|fatal\b|traceback\b|exception\b|panic\b|fail(?:ed|ure)?\b|FAIL\b|npm ERR!|\*\* \(\w+Error\)|[\w.$]*(?:Error|Exception)\b:?)/i;

/** A line that mentions an error anywhere; trusted only inside a tool result already known to have failed. */
export const errorMentionPattern = /\b(?:error|exception|failed|failure|traceback|panic|denied|not found)\b/i;

/** Splits a line into sentences at `.`, `!` or `?` followed by space. */
export function splitSentences(line: string): string[] {
  return line.split(/(?<=[.!?])\s+/);
}

/** Backticked spans (identifiers, flags, file names) worth listing as key concepts. */
export const codeSpanPattern = /`([^`\n]{2,60})`/g;

// What makes a sentence concrete: a code span, a path or file name, a code-shaped name, an acronym (README, API), a
// number, a quotation.
const anchorPattern =
  /`[^`\n]+`|[\w.-]+\/[\w.-]+|\b[\w-]+\.[a-z]{1,5}\b|\b[a-z]+[A-Z]\w*|\b[A-Z][a-z]+[A-Z]\w*|\b\w+_\w+|\b(?!OK\b)[A-Z]{2,}\b|\d|"[^"\n]{3,}"|“[^”\n]{3,}”/;

/**
 * True for a sentence a reader can act on: it names something (a file, a name in backticks, a code-shaped name, a
 * number, a quotation). "Let me wait more." and "Now let me check what's next." name nothing: they are filler.
 */
export function isConcrete(sentence: string): boolean {
  return sentence.length >= 12 && anchorPattern.test(sentence);
}
