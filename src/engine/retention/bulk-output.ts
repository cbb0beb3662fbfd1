import type { Message, ToolCallBlock, ToolResultBlock } from '../transcript/model';
import { shellCommandOf } from './retention-text';

/**
 * Bulk tool output: what a tool showed the agent of the world — a file's contents, a directory listing, search hits, a
 * fetched page — rather than what happened. Its lines are the world's text, not facts of the session: counting them
 * made a run that only trims tool output look like it lost a quarter of everything. The call that produced it stays a
 * fact source (its path, its command).
 *
 * Recognised three ways, whichever answers first:
 * 1. the tool's name: readers, listers, searchers and fetchers across the formats we import (`Read`, `LS`, `Glob`,
 *    `Grep`, `WebFetch`, Gemini CLI's `read_file` / `list_directory` / `search_file_content`, SWE-agent's `open` /
 *    `search_dir`, OpenHands' `browser`, …; an MCP tool by its last name part);
 * 2. the call's own words: an editor tool asked to `view`, a shell command whose first program reads, lists or
 *    searches (`cat`, `head`, `sed -n`, `ls`, `find`, `tree`, `grep`, `rg`, `git show|diff|log|grep`, `curl`, …);
 * 3. the text's shape, for any tool: mostly numbered lines (`cat -n`, an editor's snippet of the edited file), or a
 *    list of bare path-like lines (a listing) — at least `bulkMinimumLines` lines either way.
 */
const bulkToolName =
  /^(?:read|read_?file|read_?many_?files|read_?notebook|notebook_?read|view|view_?file|open|open_?file|cat|ls|list|list_?dir|list_?directory|list_?files|glob|find|find_?file|find_?files|file_?search|grep|grep_?search|search|search_?dir|search_?file|search_?files|search_?file_?content|codebase_?search|ripgrep|web_?fetch|web_?read|fetch|fetch_?url|fetch_?webpage|browser|browse|web_?search|google_?web_?search|scroll_?up|scroll_?down|goto)$/i;
const editorToolName = /^(?:str_replace_editor|str_replace_based_edit_tool|text_editor|editor|edit_?file)$/i;
const readingPrograms = new Set(['cat', 'head', 'tail', 'less', 'more', 'bat', 'nl', 'ls', 'll', 'tree', 'find', 'fd', 'du', 'grep', 'egrep', 'fgrep', 'rg', 'ag', 'ack', 'curl', 'wget', 'xxd', 'hexdump', 'strings']);
const readingGitCommands = new Set(['show', 'diff', 'log', 'grep', 'ls-files', 'ls-tree', 'blame', 'cat-file']);
const setupPrograms = new Set(['cd', 'pushd', 'popd', 'export', 'source', '.', 'set', 'true', 'echo']);

/** The fewest lines a text needs before its shape alone calls it bulk. */
const bulkMinimumLines = 5;
const numberedLine = /^\s*\d+(?:→|\t|:|\s+\|)/;
const pathLikeLine = /^[\w.@+~/\\-]*[./\\][\w.@+~/\\-]*\/?$/;

/** The words of the first command of a shell line that does something (after `cd x &&`, `export A=b;`, env assignments). */
function firstProgramWords(command: string): string[] {
  for (const segment of command.split(/&&|\|\||;|\||\n/)) {
    const words = segment.trim().split(/\s+/).filter((word) => word !== '' && !/^\w+=/.test(word));
    while (words[0] === 'sudo' || words[0] === 'command' || words[0] === 'time') words.shift();
    if (words.length > 0 && !setupPrograms.has(words[0])) return words;
  }
  return [];
}

/** Git's subcommand, past its global options (`-C dir`, `-c key=value` take a value). */
function gitSubcommand(words: readonly string[]): string {
  for (let index = 0; index < words.length; index++) {
    if (words[index] === '-C' || words[index] === '-c') index++;
    else if (!words[index].startsWith('-')) return words[index];
  }
  return '';
}

/** True for a shell command whose work is to show files, listings or search hits. */
export function isReadingCommand(command: string): boolean {
  const [program = '', ...rest] = firstProgramWords(command);
  const name = program.replace(/^.*\//, '');
  if (readingPrograms.has(name)) return true;
  if (name === 'sed') return rest.includes('-n');
  if (name === 'git') return readingGitCommands.has(gitSubcommand(rest));
  return false;
}

function isBulkCall(call: ToolCallBlock | undefined, resultName: string | undefined): boolean {
  const name = (call?.name ?? resultName ?? '').split(/__|\./).pop() ?? '';
  if (bulkToolName.test(name)) return true;
  if (!call) return false;
  const args = call.args !== null && typeof call.args === 'object' ? (call.args as Record<string, unknown>) : {};
  if (editorToolName.test(name) && args.command === 'view') return true;
  const command = shellCommandOf(call);
  return command !== undefined && isReadingCommand(command);
}

/** True when the text is shaped like a file dump (numbered lines) or a listing (bare path-like lines). */
export function isBulkShaped(content: string): boolean {
  const lines = content.split('\n').filter((line) => line.trim() !== '');
  if (lines.length < bulkMinimumLines) return false;
  const numbered = lines.filter((line) => numberedLine.test(line)).length;
  if (numbered / lines.length >= 0.6) return true;
  return lines.filter((line) => pathLikeLine.test(line.trim())).length / lines.length >= 0.8;
}

/** True when a tool result is bulk output (see above); `call` is the call it answers, when known. */
export function isBulkOutput(result: ToolResultBlock, call: ToolCallBlock | undefined): boolean {
  return isBulkCall(call, result.name) || isBulkShaped(result.content);
}

/** Every tool call of the messages by its id (the first call of an id), for finding the call a result answers. */
export function callsById(messages: readonly Message[]): Map<string, ToolCallBlock> {
  const calls = new Map<string, ToolCallBlock>();
  for (const message of messages) for (const block of message.blocks) if (block.kind === 'tool_call' && !calls.has(block.callId)) calls.set(block.callId, block);
  return calls;
}
