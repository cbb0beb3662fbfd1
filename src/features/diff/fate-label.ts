import type { Message } from '../../engine/transcript';
import { formatInteger } from '../../ui/format';
import { glossary } from '../../ui/glossary-terms';
import type { RowFate } from './align-pass';

/** Inserted messages by kind, in the glossary's words (the pinned carrier is the pinned-lines message). */
const insertionNames = { summary: 'summary', marker: 'marker', 'pinned-carrier': glossary['pinned-carrier'].plain } as const;

/** The badge text of a fate, readable on its own ("masked", "microcompacted 9,000 → 40 chars", "summarized → s1"). */
export function fateLabel(fate: RowFate): string {
  switch (fate.kind) {
    case 'microcompacted':
      return `microcompacted ${formatInteger(fate.charsBefore)} → ${formatInteger(fate.charsAfter)} chars`;
    case 'repaired':
    case 'dropped':
      return `${fate.kind}: ${fate.reason}`;
    case 'summarized':
      return `summarized → ${fate.summaryId}`;
    case 'inserted':
      return `inserted ${insertionNames[fate.insertion]}`;
    default:
      return fate.kind;
  }
}

/** A short description of what a message holds besides text: tool calls by name, results, thinking, images. */
export function blockSummary(message: Message): string {
  const pieces: string[] = [];
  for (const block of message.blocks) {
    if (block.kind === 'tool_call') pieces.push(`call ${block.name}`);
    else if (block.kind === 'tool_result') pieces.push(block.isError ? 'error result' : `result${block.name ? ` of ${block.name}` : ''}`);
    else if (block.kind === 'thinking') pieces.push(block.isRedacted ? 'redacted thinking' : 'thinking');
    else if (block.kind === 'image') pieces.push('image');
  }
  return pieces.join(', ');
}

/** Source indexes as contiguous ranges (`[first, last]`), so a summary of 9,000 messages lists a few spans. */
export function indexRanges(indexes: readonly number[]): [number, number][] {
  const ranges: [number, number][] = [];
  for (const index of indexes) {
    const last = ranges[ranges.length - 1];
    if (last && index === last[1] + 1) last[1] = index;
    else ranges.push([index, index]);
  }
  return ranges;
}
