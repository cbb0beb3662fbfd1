/** The sanitized summary and every span it removed, in order: context notes first, then sentences. */
export interface SanitizeResult {
  text: string;
  stripped: string[];
}

/** The tags of the harness-written pin block; every line from the opening tag to the closing one is left alone. */
const pinEnvelopeOpenTag = '<pinned-skill-directives>';
const pinEnvelopeCloseTag = '</pinned-skill-directives>';

const noteOpener = /\[\s*context notes?\s*[—–\-:]/gi;
const secondPerson = /\b(?:you|your|yours|yourself)\b/i;

/** Words that mark a drop claim after "your last/previous/prior". */
const lossVerbs = ['dropped', 'trimmed', 'removed', 'lost'];
/** Present-tense verbs that merely end in -ed, so "you just need to …" stays. */
const presentTenseEdVerbs = ['need', 'seed', 'embed', 'speed', 'proceed', 'exceed', 'succeed'];
/**
 * Irregular past forms that make "you just <verb>" a recency claim. Upstream leaves out the homographs whose past is
 * spelled like the present (hit, cut, set, put, read) and the reported-speech verbs (said, told): matching them would
 * strip durable present-tense duties and quotes.
 */
const irregularPastVerbs = [
  'ran', 'did', 'went', 'got', 'saw', 'wrote', 'made', 'found', 'broke', 'sent', 'took', 'left', 'came', 'gave',
  'built', 'lost', 'kept', 'held', 'felt', 'spent', 'brought', 'heard', 'met', 'paid', 'won',
  'began', 'forgot', 'sold', 'fell', 'rose', 'flew', 'grew', 'threw', 'drove', 'spoke', 'chose', 'stood',
];

/**
 * The claim shapes, one alternation as upstream builds it, so backtracking and boundaries behave the same:
 * - "your last/previous/prior" with a loss verb before the next period (a period inside "config.yaml" ends the search);
 * - "you've just", "you're about to", "you (were )?(just )?about to";
 * - "you just" followed by a regular -ed past (not a present-tense -ed verb) or an irregular past, as a whole word;
 * - "was/were dropped".
 */
const ephemeralClaim = new RegExp(
  [
    String.raw`\byour\s+(?:last|previous|prior)\b(?=[^.]*\b(?:${lossVerbs.join('|')})\b)`,
    String.raw`\byou(?:'ve\s+just|'re\s+about to|\s+(?:were\s+)?(?:just\s+)?about to` +
      String.raw`|\s+just(?=\s+(?:(?!(?:${presentTenseEdVerbs.join('|')})\b)\w+ed|(?:${irregularPastVerbs.join('|')}))\b))\b`,
    String.raw`\b(?:was|were)\s+dropped\b`,
  ].join('|'),
  'i',
);

const sentenceBreak = /(?<=[.!?])\s+/;
const bareListMarker = /^\s*(?:[-*+]|\d+\.)$/;
const listMarker = /^(\s*(?:[-*+]|\d+\.)\s+)/;

/** Dart's `trim` also strips U+0085 (next line), which JavaScript's does not; the stripped spans must read the same. */
function trimWhitespace(text: string): string {
  return text.replace(/^[\s\u0085]+|[\s\u0085]+$/g, '');
}

/**
 * Removes every `[context note …]` block whose `]` comes within the same line or the two after it, wherever it sits
 * (inside pinned lines and the pin envelope too). Only a note that starts a line and is directly followed by a line
 * break takes that break with it; a far-closed or unclosed opener is prose and stays.
 */
function stripContextNotes(text: string, stripped: string[]): string {
  let output = '';
  let cursor = 0;
  for (const match of text.matchAll(noteOpener)) {
    const start = match.index;
    if (start < cursor) continue;
    const openerEnd = start + match[0].length;
    const close = text.indexOf(']', openerEnd);
    if (close < 0) continue;
    const lineBreaks = text.slice(openerEnd, close).split('\n').length - 1;
    if (lineBreaks > 2) continue;
    output += text.slice(cursor, start);
    let end = close + 1;
    if (end < text.length && text[end] === '\n' && (start === 0 || text[start - 1] === '\n')) end += 1;
    const removed = trimWhitespace(text.slice(start, end));
    if (removed !== '') stripped.push(removed);
    cursor = end;
  }
  return output + text.slice(cursor);
}

/**
 * Drops the claim sentences of one line; undefined when nothing is left, or only a bare list marker ("2." after
 * "2. You just ran it." is split at its period). A partly stripped bullet gets its `-`/`*`/`+`/`N.` marker back.
 */
function sanitizeLine(line: string, stripped: string[], protectedLines: ReadonlySet<string>): string | undefined {
  for (const pin of protectedLines) if (pin !== '' && line.includes(pin)) return line;
  const sentences = line.split(sentenceBreak);
  const kept: string[] = [];
  for (const sentence of sentences) {
    if (secondPerson.test(sentence) && ephemeralClaim.test(sentence)) {
      const span = trimWhitespace(sentence);
      if (span !== '') stripped.push(span);
    } else kept.push(sentence);
  }
  if (kept.length === sentences.length) return line;
  if (kept.length === 0) return undefined;
  const text = kept.join(' ');
  if (bareListMarker.test(text)) return undefined;
  const marker = listMarker.exec(line)?.[1];
  if (marker !== undefined && !listMarker.test(text)) return marker + text.replace(/^[\s\u0085]+/, '');
  return text;
}

/**
 * The seed's `sanitizeSummary` (#1131, summary_sanitizer.dart): first every `[context note …]` block goes, then, line
 * by line, every sentence that addresses the reader ("you", "your") while claiming recency or a drop. A line holding a
 * protected (pinned) line, and every line of the `<pinned-skill-directives>` envelope, keeps its sentences; everything
 * not stripped survives byte-identical.
 */
export function sanitizeSummary(text: string, protectedLines: ReadonlySet<string> = new Set()): SanitizeResult {
  const stripped: string[] = [];
  const noteFree = stripContextNotes(text, stripped);
  const output: string[] = [];
  let isInEnvelope = false;
  for (const line of noteFree.split('\n')) {
    if (line.includes(pinEnvelopeOpenTag)) isInEnvelope = true;
    const kept = isInEnvelope ? line : sanitizeLine(line, stripped, protectedLines);
    if (kept !== undefined) output.push(kept);
    if (line.includes(pinEnvelopeCloseTag)) isInEnvelope = false;
  }
  return { text: output.join('\n'), stripped };
}
