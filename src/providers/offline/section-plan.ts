import { classifyHeading, type SectionCategory } from './section-category';

/** How a section's items are written: `- x`, `- [ ] x`, `- [x] x` or `1. x`, as the prompt's own template shows. */
export type ItemMarker = 'bullet' | 'checkbox' | 'checked' | 'numbered';

/** One section the summary must fill. */
export interface SectionSpec {
  /** The heading line exactly as the summary writes it, e.g. `## Goal` or `## 1. Primary Request and Intent`. */
  heading: string;
  category: SectionCategory;
  marker: ItemMarker;
  /** A heading whose content is its subsections (`## Progress` over `### Done`): it gets no items of its own. */
  isParent: boolean;
}

/** The sections used when the prompt names none (issue 3: the embedded summarizer's default set). */
const defaultSectionTitles = [
  'User requests', 'Files read', 'Files changed', 'Commands run', 'Errors', 'Decisions', 'Pending work', 'Next step',
] as const;

const markdownHeading = /^(#{2,3})\s+(\S.{0,79}?)\s*$/;
const numberedLine = /^\s*(\d{1,2})[.)]\s+(.+)$/;
// The title of a numbered section ends at a dash or colon that introduces its description.
const titleEnd = /\s[—–-]\s|:\s|:$/;

/**
 * The sections the instructions ask for: markdown `##`/`###` headings (the Dart seed's checkpoint format, Claude-Code
 * style prompts), else a numbered list of at least three titles from 1 (the ADK seed's nine sections), else the
 * default set.
 */
export function planSections(instructions: string): SectionSpec[] {
  const lines = instructions.split('\n');
  return markdownSections(lines) ?? numberedSections(lines) ?? defaultSectionTitles.map((title) => section(`## ${title}`, title, 'bullet', false));
}

function section(heading: string, title: string, marker: ItemMarker, isParent: boolean): SectionSpec {
  return { heading, category: classifyHeading(title), marker, isParent };
}

function markdownSections(lines: readonly string[]): SectionSpec[] | undefined {
  const found: Array<{ line: number; level: number; title: string }> = [];
  lines.forEach((line, index) => {
    const match = markdownHeading.exec(line);
    if (match) found.push({ line: index, level: match[1].length, title: match[2] });
  });
  if (found.length === 0) return undefined;
  const seen = new Set<string>();
  const sections: SectionSpec[] = [];
  found.forEach((heading, position) => {
    const text = `${'#'.repeat(heading.level)} ${heading.title}`;
    if (seen.has(text)) return;
    seen.add(text);
    const next = found[position + 1];
    const firstContent = firstContentLine(lines, heading.line + 1, next?.line ?? lines.length);
    const isParent = next !== undefined && next.level > heading.level && firstContent === undefined;
    sections.push(section(text, heading.title, markerOf(firstContent), isParent));
  });
  return sections;
}

function firstContentLine(lines: readonly string[], from: number, to: number): string | undefined {
  for (let index = from; index < to; index++) if (lines[index].trim().length > 0) return lines[index].trim();
  return undefined;
}

function markerOf(templateLine: string | undefined): ItemMarker {
  if (templateLine === undefined) return 'bullet';
  if (/^[-*] \[ \]/.test(templateLine)) return 'checkbox';
  if (/^[-*] \[[xX]\]/.test(templateLine)) return 'checked';
  if (/^\d{1,2}[.)]\s/.test(templateLine)) return 'numbered';
  return 'bullet';
}

function numberedSections(lines: readonly string[]): SectionSpec[] | undefined {
  let best: SectionSpec[] = [];
  let run: SectionSpec[] = [];
  for (const line of lines) {
    const match = numberedLine.exec(line);
    if (!match) continue;
    const number = Number(match[1]);
    const title = numberedTitle(match[2]);
    if (number === 1) run = [];
    if (title === undefined || number !== run.length + 1) {
      run = [];
      continue;
    }
    run.push(section(`## ${number}. ${title}`, title, 'bullet', false));
    if (run.length > best.length) best = run;
  }
  return best.length >= 3 ? best : undefined;
}

function numberedTitle(text: string): string | undefined {
  const end = titleEnd.exec(text);
  const title = (end ? text.slice(0, end.index) : text).trim();
  if (title.length < 2 || title.length > 60 || !/^[A-Z]/.test(title) || /[.!?]$/.test(title)) return undefined;
  return title;
}
