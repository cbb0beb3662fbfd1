/** The sanitized summary and every span it removed, in order. */
export interface SanitizeResult {
  text: string;
  stripped: string[];
}

const noteOpener = /\[\s*context\s+notes?\s*[—–\-:]/gi;
const secondPerson = /\b(you|your|yours|yourself)\b/i;
const irregularPasts =
  'ran|did|went|got|saw|made|took|gave|wrote|read|sent|built|broke|left|lost|found|told|said|put|set|cut|hit|ran|began|brought|bought|caught|chose|drew|drove|fell|felt|forgot|held|kept|knew|led|meant|met|paid|rode|rose|sold|shot|shut|spent|spoke|stole|stood|struck|swore|taught|thought|threw|understood|woke|won|wound';
const regularPastExceptions = new Set(['need', 'seed', 'embed', 'speed', 'proceed', 'exceed', 'succeed']);

/** True when a sentence makes an ephemeral claim about the reader (#1131), the shapes spec §1.8 lists. */
function isEphemeralClaim(sentence: string): boolean {
  if (!secondPerson.test(sentence)) return false;
  if (/\byour\s+(last|previous|prior)\b.*\b(dropped|trimmed|removed|lost)\b/i.test(sentence)) return true;
  if (/\byou've\s+just\b/i.test(sentence) || /\byou're\s+about\s+to\b/i.test(sentence)) return true;
  if (/\byou\s+(were\s+)?(just\s+)?about\s+to\b/i.test(sentence)) return true;
  if (/\b(was|were)\s+dropped\b/i.test(sentence)) return true;
  const justVerb = /\byou\s+just\s+([a-z]+)\b/gi;
  for (const match of sentence.matchAll(justVerb)) {
    const verb = match[1].toLowerCase();
    if (new RegExp(`^(${irregularPasts})$`).test(verb)) return true;
    if (verb.endsWith('ed') && !regularPastExceptions.has(verb)) return true;
  }
  return false;
}

/** Removes `[context note …]` blocks closed within the same line or the next two; a whole-line note takes its newline. */
function stripContextNotes(text: string, stripped: string[]): string {
  let output = '';
  let cursor = 0;
  for (const match of text.matchAll(noteOpener)) {
    const start = match.index ?? 0;
    if (start < cursor) continue;
    let close = -1;
    let lineBreaks = 0;
    for (let index = start; index < text.length; index++) {
      if (text[index] === ']') {
        close = index;
        break;
      }
      if (text[index] === '\n' && ++lineBreaks > 2) break;
    }
    if (close < 0) continue;
    let end = close + 1;
    let from = start;
    const lineStart = text.lastIndexOf('\n', start - 1) + 1;
    const isLineStart = text.slice(lineStart, start).trim() === '';
    const isLineEnd = end === text.length || text[end] === '\n' || text.slice(end, text.indexOf('\n', end) < 0 ? text.length : text.indexOf('\n', end)).trim() === '';
    if (isLineStart && isLineEnd) {
      from = lineStart;
      const newline = text.indexOf('\n', end);
      end = newline < 0 ? text.length : newline + 1;
      // A note on the last line takes the newline before it instead, so no empty line is left behind.
      if (newline < 0 && from > 0) from -= 1;
    }
    stripped.push(text.slice(start, close + 1));
    output += text.slice(cursor, from);
    cursor = end;
  }
  return output + text.slice(cursor);
}

function sanitizeLine(line: string, stripped: string[]): string | undefined {
  const marker = /^(\s*(?:[-*+]|\d+[.)])\s+(?:\[[ xX]\]\s+)?)/.exec(line)?.[1] ?? '';
  const body = line.slice(marker.length);
  const sentences = body.split(/(?<=[.!?])\s+/);
  const kept = sentences.filter((sentence) => {
    if (!isEphemeralClaim(sentence)) return true;
    stripped.push(sentence);
    return false;
  });
  if (kept.length === sentences.length) return line;
  if (kept.length === 0 || kept.join(' ').trim() === '') return undefined;
  return marker + kept.join(' ');
}

/**
 * The seed's `sanitizeSummary` (#1131): strips `[context note …]` blocks and sentences that make stale second-person
 * claims ("your last tool call was dropped"). A line holding a protected (pinned) line, and every line inside the
 * `<pinned-skill-directives>` envelope, is never touched; everything else that is not stripped survives byte-identical.
 */
export function sanitizeSummary(text: string, protectedLines: ReadonlySet<string> = new Set()): SanitizeResult {
  const stripped: string[] = [];
  const isProtected = (line: string): boolean => [...protectedLines].some((pin) => pin.length > 0 && line.includes(pin));
  const lines = text.split('\n');
  const output: string[] = [];
  let isInEnvelope = false;
  let pending: string[] = [];
  const flush = (): void => {
    if (pending.length === 0) return;
    const noteFree = stripContextNotes(pending.join('\n'), stripped);
    const candidates = noteFree === '' ? [] : noteFree.split('\n');
    for (const line of candidates) {
      const sanitized = isProtected(line) ? line : sanitizeLine(line, stripped);
      if (sanitized !== undefined) output.push(sanitized);
    }
    pending = [];
  };
  for (const line of lines) {
    if (line.includes('<pinned-skill-directives>')) isInEnvelope = true;
    if (isInEnvelope || isProtected(line)) {
      flush();
      output.push(line);
    } else pending.push(line);
    if (line.includes('</pinned-skill-directives>')) isInEnvelope = false;
  }
  flush();
  return { text: output.join('\n'), stripped };
}
