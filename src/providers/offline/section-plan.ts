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
  /** A section the prompt did not ask for, added so the work can be carried on: left out when it has nothing. */
  isAdded?: boolean;
}

/**
 * The sections used when the prompt names none: what the agent needs to carry the work on — the user's own words, the
 * work in hand and the next step first, then the files, commands, errors and names it will reach for again.
 */
const defaultSectionTitles = [
  'User requests', 'Current work', 'Next step', 'Pending work', 'Files changed', 'Files created', 'Files read', 'Commands run', 'Errors',
  'Identifiers', 'Decisions',
] as const;

/**
 * What a summary must carry whatever the prompt's layout, each with the categories that already hold it and the
 * heading added when none does: a layout without a file or command section still gets one.
 */
const carriedCategories: ReadonlyArray<readonly [string, readonly SectionCategory[]]> = [
  ['All user messages', ['requests']],
  ['Current work', ['current']],
  ['Next step', ['next']],
  ['Open TODOs and pending requests', ['pending']],
  ['Files', ['files', 'filesChanged', 'filesCreated', 'filesRead']],
  ['Commands run', ['commands']],
  ['Errors', ['errors']],
  ['Identifiers', ['identifiers', 'concepts']],
];

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
  const asked = markdownSections(lines) ?? numberedSections(lines);
  return asked ? withCarriedSections(asked) : defaultSectionTitles.map((title) => section(`## ${title}`, title, 'bullet', false));
}

/** The prompt's sections, then a section for each carried category none of them holds (numbered on when they are). */
function withCarriedSections(sections: readonly SectionSpec[]): SectionSpec[] {
  const held = new Set(sections.filter((spec) => !spec.isParent).map((spec) => spec.category));
  const lastNumber = /^## (\d{1,2})\. /.exec(sections[sections.length - 1]?.heading ?? '');
  let number = lastNumber ? Number(lastNumber[1]) : undefined;
  const added: SectionSpec[] = [];
  for (const [title, categories] of carriedCategories) {
    if (categories.some((category) => held.has(category))) continue;
    number = number === undefined ? undefined : number + 1;
    added.push({ ...section(number === undefined ? `## ${title}` : `## ${number}. ${title}`, title, 'bullet', false), isAdded: true });
  }
  return [...sections, ...added];
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
