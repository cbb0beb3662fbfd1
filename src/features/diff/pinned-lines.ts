
/** One pinned line and whether the chosen pass's output still holds it verbatim. */
export interface PinnedLineStatus {
  line: string;
  skills: string[];
  /** Output message indexes whose text contains the line verbatim, in output order (empty: missing). */
  locations: number[];
}

/** Checks each pinned line against the output's message texts (verbatim substring, per message). */
export function checkPinnedLines(lines: readonly { line: string; skills: string[] }[], outputTexts: readonly string[]): PinnedLineStatus[] {
  return lines.map(({ line, skills }) => {
    const locations: number[] = [];
    outputTexts.forEach((text, index) => {
      if (text.includes(line)) locations.push(index);
    });
    return { line, skills, locations };
  });
}

/** A piece of text, marked when it is (part of) a pinned line. */
export interface TextSegment {
  text: string;
  isPinned: boolean;
}

/** Splits text into pinned and plain segments; overlapping or adjacent occurrences merge into one pinned segment. */
export function pinnedSegments(text: string, lines: readonly string[]): TextSegment[] {
  const ranges: [number, number][] = [];
  for (const line of lines) {
    if (line === '') continue;
    for (let at = text.indexOf(line); at >= 0; at = text.indexOf(line, at + line.length)) ranges.push([at, at + line.length]);
  }
  if (ranges.length === 0) return [{ text, isPinned: false }];
  ranges.sort((left, right) => left[0] - right[0]);
  const segments: TextSegment[] = [];
  let cursor = 0;
  let index = 0;
  while (index < ranges.length) {
    const start = ranges[index][0];
    let end = ranges[index][1];
    while (++index < ranges.length && ranges[index][0] <= end) end = Math.max(end, ranges[index][1]);
    if (start > cursor) segments.push({ text: text.slice(cursor, start), isPinned: false });
    segments.push({ text: text.slice(start, end), isPinned: true });
    cursor = end;
  }
  if (cursor < text.length) segments.push({ text: text.slice(cursor), isPinned: false });
  return segments;
}
