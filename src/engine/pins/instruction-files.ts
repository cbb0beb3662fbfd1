import type { Message } from '../transcript/model';
import { isRuleSentence } from './rule-lines';

/** A project instructions file (CLAUDE.md, AGENTS.md) or a skill file (SKILL.md, `skills/…/*.md`). */
export type InstructionFileKind = 'instructions-file' | 'skill-file';

/** Where the harness's injected instructions start: Claude Code's "Contents of …/CLAUDE.md", Codex's AGENTS.md block, a skill's base directory. */
const injectedStart = /(?:Contents of \S*?(CLAUDE\.md|AGENTS\.md)[^\n]*:|# (AGENTS\.md) instructions[^\n]*|<(user_instructions)>|(Base directory for this skill):[^\n]*)\n/g;

/** Where injected instructions end: the closing tag the harness wraps them in, or the next file. */
const injectedEnd = /<\/(?:INSTRUCTIONS|user_instructions|system-reminder)>|\nContents of \S+:/;

/** A path naming an instructions or skill file in a tool call's arguments. */
const instructionPath = /(?:^|[\\/\s"'`=])(CLAUDE\.md|AGENTS\.md)\b/i;
const skillPath = /SKILL\.md\b|[\\/]skills[\\/][^"'\s]+\.md\b/i;

/** The kind of file a piece of text or a path names; undefined when it names none. */
function kindOfPath(text: string): InstructionFileKind | undefined {
  if (skillPath.test(text)) return 'skill-file';
  return instructionPath.test(text) ? 'instructions-file' : undefined;
}

/** The kind of instructions the harness injected into a message's text, or undefined for ordinary text. */
export function instructionFileOf(text: string): InstructionFileKind | undefined {
  injectedStart.lastIndex = 0;
  const match = injectedStart.exec(text);
  if (!match) return undefined;
  return match[4] ? 'skill-file' : 'instructions-file';
}

/** A file's own lines that read as instructions: no headings, fences, tags, frontmatter keys or read line numbers. */
function instructionLines(content: string): string[] {
  return content
    .split(/\r?\n/)
    .map((line) => line.replace(/^\s*\d+(?:→|\t)/, '').replace(/^\s*(?:[-*+]|\d+[.)])\s+/, '').trim())
    .filter((line) => line !== '' && !/^(?:#|```|---|<\/?[\w-]+>$|[\w-]+:\s*$)/.test(line) && (line.split(/\s+/).length >= 3 || isRuleSentence(line)));
}

/** One instructions file found in a message: its kind, its name as the text gives it, and its instruction lines. */
interface InstructionSection {
  kind: InstructionFileKind;
  name?: string;
  lines: string[];
}

/**
 * The instruction files a message holds. Text the harness injected is read from each file's start marker to its end
 * (the harness's own framing around it is left out); other text (a tool's read of the file) is the file throughout.
 */
export function instructionFileSections(text: string, fallbackKind: InstructionFileKind): InstructionSection[] {
  injectedStart.lastIndex = 0;
  const starts = [...text.matchAll(injectedStart)];
  if (starts.length === 0) return [{ kind: fallbackKind, lines: instructionLines(text) }];
  return starts.map((start) => {
    const body = text.slice((start.index ?? 0) + start[0].length);
    const end = injectedEnd.exec(body);
    const name = start[1] ?? start[2] ?? (start[4] ? 'skill' : start[3]);
    return { kind: start[4] ? 'skill-file' : 'instructions-file', name, lines: instructionLines(end ? body.slice(0, end.index) : body) };
  });
}

/** A tool's read of an instructions or skill file: the result's message, the file's kind and its content. */
interface InstructionRead {
  messageId: string;
  kind: InstructionFileKind;
  content: string;
}

/** Every successful tool read of an instructions or skill file, paired with its call by the format's own id. */
export function readInstructionFiles(messages: readonly Message[]): InstructionRead[] {
  const readKinds = new Map<string, InstructionFileKind>();
  for (const message of messages) {
    for (const block of message.blocks) {
      if (block.kind !== 'tool_call' || !/read|cat|view|open|file/i.test(block.name + block.argsRaw.slice(0, 200))) continue;
      const kind = kindOfPath(block.argsRaw);
      if (kind) readKinds.set(block.callId, kind);
    }
  }
  const reads: InstructionRead[] = [];
  for (const message of messages) {
    for (const block of message.blocks) {
      const kind = block.kind === 'tool_result' && !block.isError ? readKinds.get(block.callId) : undefined;
      if (kind && block.kind === 'tool_result') reads.push({ messageId: message.id, kind, content: block.content });
    }
  }
  return reads;
}
