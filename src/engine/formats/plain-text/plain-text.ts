import type { Message, Origin, Role, Transcript } from '../../transcript/model';
import type { ImportIssue } from '../import-report';
import type { ImportContext, Importer, ImporterOutput } from '../importer';
import type { ParsedDocument } from '../parse-document';

const SPEAKERS = 'user|human|you|assistant|ai|chatgpt|claude|gemini|system|tool|function|observation';
/** `### User`, `## Assistant:` — a heading line that is only a speaker. */
const HEADING = new RegExp(`^#{1,6}\\s+(${SPEAKERS})(?:\\s+said)?\\s*(?::\\s*)?$`, 'i');
/** `**User:** text`, `**User**: text`, `__AI__` — a bold speaker label. */
const BOLD = new RegExp(`^(?:\\*\\*|__)(${SPEAKERS})(?:\\s+said)?(?::(?:\\*\\*|__)|(?:\\*\\*|__):?)\\s*(.*)$`, 'i');
/** `User: text`, `You said:` — a bare label needs its colon. */
const PLAIN = new RegExp(`^(${SPEAKERS})(?:\\s+said)?\\s*:\\s*(.*)$`, 'i');

/** A speaker label at the start of a line: the speaker and whatever text follows the label on that line. */
function matchLabel(line: string): { speaker: string; rest: string } | undefined {
  const trimmed = line.trim();
  const heading = HEADING.exec(trimmed);
  if (heading) return { speaker: heading[1].toLowerCase(), rest: '' };
  const labelled = BOLD.exec(trimmed) ?? PLAIN.exec(trimmed);
  return labelled ? { speaker: labelled[1].toLowerCase(), rest: labelled[2] ?? '' } : undefined;
}

function roleOf(speaker: string): { role: Role; origin: Origin } {
  if (speaker === 'system') return { role: 'system', origin: 'injected' };
  if (speaker === 'tool' || speaker === 'function' || speaker === 'observation') return { role: 'tool', origin: 'tool' };
  if (speaker === 'user' || speaker === 'human' || speaker === 'you') return { role: 'user', origin: 'human' };
  return { role: 'assistant', origin: 'model' };
}

function hasLabels(text: string): boolean {
  return text.split(/\r?\n/).some((line) => matchLabel(line) !== undefined);
}

/** What plain text needs to be read as a conversation; the refusal of unlabelled text says it. */
export const PLAIN_TEXT_NEEDS = 'plain text is read as a conversation only with at least one speaker label, such as "User:", "Assistant:" or "Human:" at the start of a line';

/** One labelled stretch of the paste. */
interface Segment {
  speaker?: string;
  line: number;
  lines: string[];
}

/**
 * A pasted conversation in plain text, split on speaker labels at line starts ("User:", "Human:", "AI:",
 * "System:", "Tool:", their `**bold**` and `### heading` forms, and ChatGPT's "You said:"). Heuristic, so confidence
 * is low and it is tried last; it accepts only text with at least one speaker label, so a file of garbage (random
 * base64, a binary dump that decoded as text) is refused as an unknown format instead of becoming one huge message.
 * Tool output in a paste has no call ids, so it stays a tool-role text message that pairs with nothing.
 */
export const plainTextImporter: Importer = {
  id: 'plain-text',
  label: 'Plain-text conversation (heuristic)',
  confidence: 'low',
  detect(parsed: ParsedDocument): boolean {
    // A paste with a JSON line in it (tool output) parses as JSONL with mostly bad lines; it is still a paste.
    if (parsed.kind === 'jsonl') return parsed.badLines.length > parsed.records.length && hasLabels(parsed.text);
    // Text that looked like JSON but failed to parse is a paste only when it is clearly a labelled chat, like any text.
    return parsed.kind === 'text' && hasLabels(parsed.text);
  },
  read(parsed: ParsedDocument, context: ImportContext): ImporterOutput {
    const warnings: ImportIssue[] = [];
    const text = parsed.text;
    if (text.trim() === '') return { transcripts: [], errors: [{ message: 'the text is empty' }], warnings };
    const segments: Segment[] = [{ line: 1, lines: [] }];
    text.split(/\r?\n/).forEach((line, index) => {
      const label = matchLabel(line);
      if (label) segments.push({ speaker: label.speaker, line: index + 1, lines: label.rest === '' ? [] : [label.rest] });
      else segments[segments.length - 1].lines.push(line);
    });
    if (segments.length === 1) return { transcripts: [], errors: [{ message: `No speaker label found: ${PLAIN_TEXT_NEEDS}.` }], warnings };
    const transcript: Transcript = {
      id: `plain-text:${context.fileName ?? 'input'}`,
      source: { format: 'plain-text', fileName: context.fileName },
      messages: [],
      markers: [],
      meta: {},
    };
    let hasToolText = false;
    segments.forEach((segment, index) => {
      const body = segment.lines.join('\n').trim();
      if (body === '') {
        if (segment.speaker) warnings.push({ message: `"${segment.speaker}" label with no text; skipped`, line: segment.line });
        return;
      }
      if (!segment.speaker && /^#\s+[^\n]+$/.test(body)) {
        // A lone top heading before the first label is an export's title, not something anyone said.
        transcript.meta.title = body.replace(/^#\s+/, '');
        return;
      }
      if (!segment.speaker) warnings.push({ message: 'text before the first speaker label read as a user message', line: segment.line });
      const { role, origin } = roleOf(segment.speaker ?? 'user');
      hasToolText = hasToolText || role === 'tool';
      const message: Message = { id: `turn-${index}`, role, origin, blocks: [{ kind: 'text', text: body }], sourceRef: { line: segment.line, index }, raw: body };
      if (role === 'system' && !transcript.system && transcript.messages.length === 0) transcript.system = message;
      else transcript.messages.push(message);
    });
    if (hasToolText) warnings.push({ message: 'tool output in a text paste has no call ids; it is kept as text and not linked to a call' });
    return { transcripts: [transcript], errors: [], warnings };
  },
};
