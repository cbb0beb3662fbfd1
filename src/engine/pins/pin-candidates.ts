import type { Message, Transcript } from '../transcript/model';
import { instructionFileOf, instructionFileSections, readInstructionFiles, type InstructionFileKind } from './instruction-files';
import { isStatement, ruleSentences, splitSentences } from './rule-lines';

/**
 * Where a candidate was found: a system prompt, an instructions file (CLAUDE.md, AGENTS.md: injected by the harness or
 * read by a tool), a skill file, a user line stating a lasting rule, or the session's opening request.
 */
type PinSourceKind = 'system-prompt' | InstructionFileKind | 'user-rule' | 'opening-request';

/** A line worth pinning verbatim across compactions, the message it comes from, and why it was suggested. */
export interface PinCandidate {
  line: string;
  source: { messageId: string; kind: PinSourceKind };
  why: string;
}

/** Most candidates offered for one transcript (the best-ranked ones). */
export const maxPinCandidates = 12;

/** Longest line offered: a pin is copied verbatim into every summary, and the seed refuses lines over 512 characters. */
export const maxCandidateChars = 300;

/** An opening request longer than this is a task description, not a standing instruction. */
const maxOpeningRequestChars = 400;

/** Ranks kinds: what the user wrote down as lasting instructions first, the opening request last. */
const kindRank: Record<PinSourceKind, number> = { 'instructions-file': 0, 'skill-file': 1, 'system-prompt': 2, 'user-rule': 3, 'opening-request': 4 };

const whyOf: Record<PinSourceKind, string> = {
  'instructions-file': 'a standing instruction from the project’s instructions file',
  'skill-file': 'a directive from a skill file',
  'system-prompt': 'a rule stated in the system prompt',
  'user-rule': 'the user stated it as a lasting rule',
  'opening-request': 'the session’s opening request: the goal later turns serve',
};

function textOf(message: Message): string {
  return message.blocks.map((block) => (block.kind === 'text' ? block.text : '')).join('\n');
}

function candidate(line: string, messageId: string, kind: PinSourceKind, detail?: string): PinCandidate {
  return { line, source: { messageId, kind }, why: detail ? `${whyOf[kind]} (${detail})` : whyOf[kind] };
}

/** Candidates from a message the harness or a tool filled with an instructions or skill file. */
function fromInstructionText(text: string, messageId: string, fallbackKind: InstructionFileKind): PinCandidate[] {
  return instructionFileSections(text, fallbackKind).flatMap((section) => section.lines.map((line) => candidate(line, messageId, section.kind, section.name)));
}

function fromMessage(message: Message, isFirstHuman: boolean): PinCandidate[] {
  const text = textOf(message);
  if (message.role === 'system') return ruleSentences(text).map((line) => candidate(line, message.id, 'system-prompt'));
  if (message.role !== 'user' || message.origin === 'summary') return [];
  const fileKind = instructionFileOf(text);
  if (fileKind) return fromInstructionText(text, message.id, fileKind);
  // Other harness text (reminders, caveats, environment) is boilerplate, not the user's rules.
  if (message.origin !== 'human') return [];
  const rules = ruleSentences(text).map((line) => candidate(line, message.id, 'user-rule'));
  if (!isFirstHuman || text.trim().length > maxOpeningRequestChars) return rules;
  const ruleLines = new Set(rules.map((rule) => rule.line));
  const request = splitSentences(text).filter((sentence) => isStatement(sentence) && !ruleLines.has(sentence)).map((line) => candidate(line, message.id, 'opening-request'));
  return [...rules, ...request];
}

/** Case- and space-insensitive form under which two candidates are the same line. */
function sameLineKey(line: string): string {
  return line.toLowerCase().replace(/\s+/g, ' ').trim();
}

/**
 * The lines of a transcript worth pinning verbatim across compactions: rules in its system prompt, the content of
 * CLAUDE.md / AGENTS.md files (injected by the harness, or read by a tool), skill files, lines where the user states a
 * lasting rule ("always…", "never…", "do not…", "must…"), and the opening request when it is short. Ordinary tool
 * output and the agent's own summaries are never offered. De-duplicated (the first source wins), ranked by kind then
 * by position, at most `limit`, each at most `maxCandidateChars` long.
 */
export function pinCandidates(transcript: Transcript, limit = maxPinCandidates): PinCandidate[] {
  const firstHuman = transcript.messages.find((message) => message.role === 'user' && message.origin === 'human');
  const found = [
    ...(transcript.system ? fromMessage(transcript.system, false) : []),
    ...transcript.messages.flatMap((message) => fromMessage(message, message === firstHuman)),
    ...readInstructionFiles(transcript.messages).flatMap((read) => fromInstructionText(read.content, read.messageId, read.kind)),
  ];
  const seen = new Set<string>();
  const unique = found.filter((found) => {
    const key = sameLineKey(found.line);
    if (found.line.length > maxCandidateChars || key === '' || seen.has(key)) return false;
    seen.add(key);
    return true;
  });
  const order = new Map(unique.map((found, index) => [found, index]));
  return unique.sort((left, right) => kindRank[left.source.kind] - kindRank[right.source.kind] || (order.get(left) ?? 0) - (order.get(right) ?? 0)).slice(0, limit);
}
