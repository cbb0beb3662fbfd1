/**
 * What the offline summarizer reads from text beyond its sections: the file paths and code names it mentions (and how
 * much they matter next), the commands prose names, which user turns are the human's, and which tool output is bulk.
 */

import { codeSpanPattern } from './sentence-signals';

/** A file path: folders and a name with an extension, rooted or not. Folders alone are left out (too often prose). */
export const filePathPattern = /(?<![\w@+/.-])(?:~\/|\.{1,2}\/|\/)?(?:[\w@+-][\w.@+-]*\/)+[\w@+-][\w.@+-]*\.[A-Za-z][A-Za-z0-9]{0,7}(?![\w/])/g;

/** A code span that names something in code: one word (`touch/2` keeps its arity), not a path, a file or a phrase. */
export function isNameSpan(span: string): boolean {
  return !/\s/.test(span) && !/\.[a-z]{1,5}$/.test(span) && !/\/(?!\d+$)/.test(span);
}

/** File paths a text names. */
export function pathsIn(text: string): string[] {
  return text.includes('/') ? [...text.matchAll(filePathPattern)].map((match) => match[0]) : [];
}

// The programs a command named in prose starts with; a code span starting otherwise is a name, not a command.
const commandPrograms =
  /^(?:npm|npx|pnpm|yarn|node|deno|bun|tsc|git|gh|mix|iex|elixir|cargo|rustc|go|python3?|pip3?|pytest|uv|poetry|make|cmake|docker|kubectl|bash|sh|ls|cat|grep|rg|sed|awk|find|curl|wget|bd|bundle|rake|rails|ruby|php|composer|mvn|gradle|dotnet|swift|flutter|dart|terraform|helm|jest|vitest|eslint|prettier|ruff|mypy|tail|head|chmod|mkdir|rm|mv|cp) \S/;
const promptLine = /^\$ (\S.*)$/;

/** Commands a prose line names: code spans that start with a program and take an argument, or a `$ ` prompt line. */
export function proseCommands(line: string): string[] {
  const prompt = promptLine.exec(line);
  if (prompt) return [prompt[1].trim()];
  if (!line.includes('`')) return [];
  return [...line.matchAll(codeSpanPattern)].map((match) => match[1].trim()).filter((span) => commandPrograms.test(span));
}

// Tags agent harnesses wrap their own user-side text in (Claude Code, Codex, the Dart seed's pin carrier).
const harnessTag =
  /^<(?:system-reminder|command-(?:name|message|args)|local-command-(?:stdout|stderr|caveat)|task-notification|pinned-skill-directives|user-prompt-submit-hook|bash-(?:input|stdout|stderr)|environment_context|user_instructions|turn_aborted|ide_)/;
const wholeElement = /^<([\w-]+)[^>]*>[\s\S]*<\/\1>$/;

/**
 * A user turn is a human message unless it is harness text: a harness tag, one whole tagged element, or a notice. A
 * task given inside tags and then explained (`<uploaded_files>…</uploaded_files>` and its text) is the human's.
 */
export function isHumanMessage(text: string): boolean {
  if (text.length === 0) return false;
  if (text.startsWith('<') && (harnessTag.test(text) || wholeElement.test(text))) return false;
  // Claude Code expands a skill the user invoked into a user-role message of the skill's own text (marked meta in its
  // log, but a seed's prompt labels every user-role message alike): the skill's instructions, not the human's words.
  return !(text.startsWith('[Request interrupted') || text.startsWith('[context trimmed locally') || text.startsWith('Caveat:') || text.startsWith('Base directory for this skill:'));
}

/** How often a key (a name, a path) was mentioned, and when last. */
export interface Mention {
  count: number;
  /** The turn of the latest mention. */
  last: number;
}

/** Counts one mention of `key` at `turn`. */
export function mentionAt(mentions: Map<string, Mention>, key: string, turn: number): void {
  const mention = mentions.get(key) ?? { count: 0, last: 0 };
  mention.count += 1;
  mention.last = turn;
  mentions.set(key, mention);
}

/** Keys by how much they matter next: how often they were mentioned, up to three times as much when lately. */
export function rankMentions(mentions: Map<string, Mention>, turns: number): string[] {
  const score = ({ count, last }: Mention) => count * (1 + (2 * last) / Math.max(1, turns));
  const entries = [...mentions.entries()];
  // Map order is first-mention order, and sort is stable: ties keep it.
  entries.sort((left, right) => score(right[1]) - score(left[1]));
  return entries.map(([key]) => key);
}

const numberedLine = /^\s*\d+(?:→|\t)/;
const barePathLine = /^\s*[\w.@+~-]*\/[\w.@+/-]+\s*$/;

/** A file's contents (numbered lines) or a list of paths (search hits, a listing): what was read, not what was said. */
export function isBulkOutput(lines: readonly string[]): boolean {
  const sample = lines.slice(0, 20).filter((line) => line.trim().length > 0);
  if (sample.length === 0) return false;
  const listed = sample.filter((line) => numberedLine.test(line) || barePathLine.test(line)).length;
  return listed * 2 > sample.length;
}
