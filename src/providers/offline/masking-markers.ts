/**
 * The notes profiles leave where they cut text before it reaches the summarizer — two-tier's observation mask
 * (`... [26 lines, 822 chars masked]`), the Dart seed's `[... 500 more characters truncated]`, microcompaction's
 * `[... 120 characters snipped ...]`, the truncate strategy's `... [truncated from 600 chars]`, the tier headers
 * `[auto-compacted 12 older messages via observation masking]`. They say how much is missing, never what: a summary
 * that quotes one carries no fact, so every item is written from text with them taken out — and with the word a cut
 * may have split (a path cut mid-way must never be listed as a path).
 */

// A bracketed note of at most 160 characters naming a cut, with the `...` that precedes a masked preview. Bounded
// quantifiers only, so a hostile line costs a bounded amount of work per `[`.
const markerPattern =
  /(?:\.\.\.|…)?[ \t]*\[(?:\.\.\.|…)?[^[\]\n]{0,80}?\b(?:masked|truncated|snipped|compacted|trimmed|omitted|elided|cleared|abbreviated|preserved)\b[^[\]\n]{0,80}\]/gi;
const cutWords = /masked|truncated|snipped|compacted|trimmed|omitted|elided|cleared|abbreviated|preserved/i;
const trailingCountLine = /^\.\.\. and \d+ more$/;

/**
 * Where a note says text was cut: a preview (`...` then the note) is cut only when it is long — a short first line
 * is shown whole; a slice (`N more characters truncated`) is cut before it; a snip in the middle on both sides.
 */
function cutSides(marker: string, lineLength: number): { before: boolean; after: boolean } {
  const isPreview = marker.startsWith('...') || marker.startsWith('…');
  if (isPreview) return { before: lineLength >= 100, after: false };
  if (/more characters truncated/i.test(marker)) return { before: true, after: false };
  if (/snipped/i.test(marker)) return { before: true, after: true };
  return { before: false, after: false };
}

const isSpace = (char: string | undefined) => char === ' ' || char === '\t' || char === '\n' || char === '\r';

/** The text with every cut note removed, and the word a cut may have split; lines left empty are dropped. */
export function withoutMarkers(text: string): string {
  if (!text.includes('[') || !cutWords.test(text)) return text;
  let out = '';
  let from = 0;
  markerPattern.lastIndex = 0;
  for (let match = markerPattern.exec(text); match !== null; match = markerPattern.exec(text)) {
    const lineStart = text.lastIndexOf('\n', match.index) + 1;
    const sides = cutSides(match[0].trimStart(), match.index - lineStart);
    let end = match.index;
    if (sides.before) {
      while (end > from && isSpace(text[end - 1])) end -= 1;
      while (end > from && !isSpace(text[end - 1])) end -= 1;
    }
    out += text.slice(from, end);
    from = match.index + match[0].length;
    if (sides.after) {
      while (from < text.length && isSpace(text[from])) from += 1;
      while (from < text.length && !isSpace(text[from])) from += 1;
    }
  }
  out += text.slice(from);
  return out
    .split('\n')
    .filter((line) => !trailingCountLine.test(line.trim()))
    .filter((line, index, lines) => line.trim().length > 0 || (index > 0 && lines[index - 1].trim().length > 0))
    .join('\n')
    .trimEnd();
}
