import { stripListMarker } from './bounded-items';
import { classifyHeading, type SectionCategory } from './section-category';
import { isPinnedLine } from './pinned-blocks';

/** A previous summary's facts, by the category of the section they sat in. */
export type PreviousFacts = Map<SectionCategory, string[]>;

const markdownHeading = /^#{1,4}\s+(\S(?:.*\S)?)\s*$/;
// "1. Primary Request and Intent:" — the numbered headings of Claude-Code-style summaries.
const numberedHeading = /^\d{1,2}\.\s+([A-Z][^:]{2,60}):\s*$/;
const boldHeading = /^\*\*([^*]{2,60})\*\*:?\s*$/;
const noiseLine = /^(?:\(none\)|-{3,}|`{3}.*|<\/?(?:summary|analysis|previous-summary|previous-checkpoint)>|\[Earlier conversation, compacted summary\]|\[auto-compact(?:ed| fallback)[^\]]*\]|The conversation history before this point was compacted.*|This session is being continued from a previous conversation.*)$/;

/**
 * Reads earlier summaries into facts: items under each heading (list markers dropped), `<read-files>` and
 * `<modified-files>` tags, and loose lines as context. Pinned lines are left out: they are copied verbatim elsewhere.
 */
export function parsePreviousSummaries(summaries: readonly string[]): PreviousFacts {
  const facts: PreviousFacts = new Map();
  const add = (category: SectionCategory, item: string) => {
    const list = facts.get(category);
    if (list) list.push(item);
    else facts.set(category, [item]);
  };
  for (const summary of summaries) {
    // Loose lines before the first heading of a sectioned summary are its preamble (an "Analysis:" scratchpad);
    // in a summary without headings they are the whole content.
    const loose: string[] = [];
    let hasHeading = false;
    let category: SectionCategory | undefined;
    let fileTag: SectionCategory | undefined;
    let isInsidePinEnvelope = false;
    for (const raw of summary.split('\n')) {
      const line = raw.trim();
      if (line.length === 0) continue;
      if (line === '<pinned-skill-directives>') isInsidePinEnvelope = true;
      if (isInsidePinEnvelope) {
        if (line === '</pinned-skill-directives>') isInsidePinEnvelope = false;
        continue;
      }
      if (isPinnedLine(line)) continue;
      if (line === '<read-files>' || line === '<modified-files>') {
        fileTag = line === '<read-files>' ? 'filesRead' : 'filesChanged';
        continue;
      }
      if (line === '</read-files>' || line === '</modified-files>') {
        fileTag = undefined;
        continue;
      }
      if (fileTag) {
        add(fileTag, line);
        continue;
      }
      const heading = markdownHeading.exec(line) ?? numberedHeading.exec(line) ?? boldHeading.exec(line);
      if (heading) {
        category = classifyHeading(heading[1]);
        hasHeading = true;
        continue;
      }
      if (noiseLine.test(line)) continue;
      const item = stripListMarker(line).trim();
      if (item.length === 0 || item === '(none)') continue;
      if (category === undefined) loose.push(item);
      else add(category, item);
    }
    if (!hasHeading) for (const item of loose) add('context', item);
  }
  return facts;
}
