/**
 * Finds the pinned-operative text a prompt carries (spec §1.7) so the summary can copy it byte for byte: the
 * summarizer-input block (its `PINNED OPERATIVE LINES …:` header and the pin lines under it)
 * and the request-side carrier envelope `<pinned-skill-directives>` … `</pinned-skill-directives>`.
 */

/**
 * The label that opens the summarizer-input pin block's header: the lab's default header and upstream's fixed one both
 * start with it (the duty prompt names the block by it), so a header pasted from upstream is found too.
 */
const pinnedBlockHeaderPrefix = 'PINNED OPERATIVE LINES';
const envelopeOpen = '<pinned-skill-directives>';
const envelopeClose = '</pinned-skill-directives>';

// `- "<line>" (pinned from skill `a` + skill `b`[ — restored: …])`
const pinLinePattern = /^- ".*" \(pinned from skill `.*\)$/;

// Pins are bounded by the seed's 8192-char budget; longer lines are not tested, so the pattern never backtracks far.
const maxPinLineChars = 9000;

function isPinLine(line: string): boolean {
  return line.length <= maxPinLineChars && line.startsWith('- "') && pinLinePattern.test(line);
}

/** Whether a line is one rendered pin (`- "<line>" (pinned from skill `name`)`) or the pin block's header. */
export function isPinnedLine(line: string): boolean {
  return line.startsWith(pinnedBlockHeaderPrefix) || isPinLine(line);
}

/** Every pin block and carrier envelope in `text`, each an exact substring, in order of appearance. */
function findPinnedBlocks(text: string): string[] {
  const found: Array<{ start: number; text: string }> = [];
  for (let start = text.indexOf(pinnedBlockHeaderPrefix); start !== -1; start = text.indexOf(pinnedBlockHeaderPrefix, start + 1)) {
    if (start > 0 && text[start - 1] !== '\n') continue;
    found.push({ start, text: text.slice(start, blockEnd(text, start)) });
  }
  for (let start = text.indexOf(envelopeOpen); start !== -1; start = text.indexOf(envelopeOpen, start + 1)) {
    const close = text.indexOf(envelopeClose, start);
    if (close === -1) break;
    found.push({ start, text: text.slice(start, close + envelopeClose.length) });
    start = close;
  }
  found.sort((left, right) => left.start - right.start);
  return found.map((block) => block.text);
}

/** End of a pin block: after its header line and every pin line directly under it. */
function blockEnd(text: string, start: number): number {
  let end = lineEnd(text, start);
  while (end < text.length) {
    const nextEnd = lineEnd(text, end + 1);
    if (!isPinLine(text.slice(end + 1, nextEnd))) break;
    end = nextEnd;
  }
  return end;
}

function lineEnd(text: string, from: number): number {
  const newline = text.indexOf('\n', from);
  return newline === -1 ? text.length : newline;
}

/**
 * The pinned text of several sources, each block once: a block is left out when an earlier one contains it, or when
 * every pin line it holds is already in an earlier one (the same pins in a carrier envelope and in the seed's block,
 * or carried over by a previous summary), so the summary copies each pin exactly once.
 */
export function uniquePinnedBlocks(texts: readonly string[]): string[] {
  const kept: string[] = [];
  const keptLines = new Set<string>();
  for (const block of texts.flatMap(findPinnedBlocks)) {
    const pins = block.split('\n').filter(isPinLine);
    if (kept.some((earlier) => earlier.includes(block))) continue;
    if (pins.length > 0 && pins.every((line) => keptLines.has(line))) continue;
    kept.push(block);
    for (const line of pins) keptLines.add(line);
  }
  return kept;
}
