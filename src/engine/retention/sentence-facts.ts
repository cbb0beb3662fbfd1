import { clip } from './normalize';

/** The longest sentence retention keeps as one fact: longer ones are cut at a word. */
const sentenceMaxChars = 200;

const constraintWords = /\b(?:must|never|always|don'?t|do not|should(?:n'?t)?|make sure|ensure|only|avoid|please|need to|required?)\b/i;
const imperativeVerbs = new Set(
  (
    'add allow apply avoid build change check clean commit continue convert copy create debug delete deploy do document ensure explain ' +
    'find finish fix follow generate give go implement improve install keep list look make merge migrate move open push put read ' +
    'refactor remove rename replace report restart restore review revert rewrite run search send set show skip split start stop ' +
    'summarize switch tell test try turn update upgrade use verify wire work write'
  ).split(' '),
);
const decisionWords =
  /\b(?:decided|decide to|decision|we'll use|we will use|i'll use|i will use|let's use|chose|chosen|choose to|opted|going with|go with|instead of|switched to|settled on)\b/i;

/**
 * The sentences of prose: fenced code and tag-only lines left out, split at line breaks and sentence ends, list
 * markers and checkboxes stripped.
 */
function proseSentences(text: string): string[] {
  const prose = text.replace(/```[\s\S]*?```/g, '\n').replace(/^\s*<[^>\n]+>\s*$/gm, '\n');
  return prose
    .split(/\n+|(?<=[.!?])\s+(?=[A-Z"'`([])/)
    .map((sentence) => sentence.replace(/^\s*(?:[-*+>]|\d+[.)])\s+/, '').replace(/^\[[ xX]\]\s*/, '').trim())
    .filter((sentence) => sentence.length >= 10 && sentence.includes(' ') && !sentence.endsWith(':'));
}

/** A user's request or constraint: a sentence that starts with an imperative verb or says must / never / always / don't…. */
function isRequest(sentence: string): boolean {
  const first = /^(?:please\s+)?([A-Za-z']+)/.exec(sentence)?.[1]?.toLowerCase() ?? '';
  return imperativeVerbs.has(first) || constraintWords.test(sentence);
}

/** Requests and constraints in a user's own words (call it only for human-written user text). */
export function findRequests(text: string): string[] {
  return proseSentences(text).filter(isRequest).map((sentence) => clip(sentence, sentenceMaxChars));
}

/** Decisions: sentences that say what was decided, chosen or used instead of something else. */
export function findDecisions(text: string): string[] {
  return proseSentences(text)
    .filter((sentence) => decisionWords.test(sentence))
    .map((sentence) => clip(sentence, sentenceMaxChars));
}
