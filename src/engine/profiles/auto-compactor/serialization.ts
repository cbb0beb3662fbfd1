import type { Message } from '../../transcript/model';

/** Tool results are cut to this many characters in the summarizer's input (§1.9). */
const toolResultMaxChars = 2000;

/** Cuts a tool result at 2000 chars, saying how much was left out: `\n\n[... N more characters truncated]`. */
function truncateToolResult(text: string): string {
  if (text.length <= toolResultMaxChars) return text;
  return `${text.slice(0, toolResultMaxChars)}\n\n[... ${text.length - toolResultMaxChars} more characters truncated]`;
}

function formatToolCall(name: string, args: unknown, argsRaw: string): string {
  if (args !== null && typeof args === 'object' && !Array.isArray(args)) {
    const rendered = Object.entries(args as Record<string, unknown>).map(([key, value]) => `${key}=${JSON.stringify(value)}`);
    return `${name}(${rendered.join(', ')})`;
  }
  return `${name}(${argsRaw})`;
}

function serializeMessage(message: Message): string[] {
  const parts: string[] = [];
  if (message.role === 'assistant') {
    const texts: string[] = [];
    const thinking: string[] = [];
    const calls: string[] = [];
    for (const block of message.blocks) {
      if (block.kind === 'text') texts.push(block.text);
      else if (block.kind === 'thinking' && !block.isRedacted) thinking.push(block.text);
      else if (block.kind === 'tool_call') calls.push(formatToolCall(block.name, block.args, block.argsRaw));
    }
    if (thinking.length > 0) parts.push(`[Assistant thinking]: ${thinking.join('\n')}`);
    if (texts.length > 0) parts.push(`[Assistant]: ${texts.join('\n')}`);
    if (calls.length > 0) parts.push(`[Assistant tool calls]: ${calls.join('; ')}`);
    return parts;
  }
  // Images are skipped; text blocks of one message are joined with nothing between them, as the seed does.
  const text = message.blocks.map((block) => (block.kind === 'text' ? block.text : '')).join('');
  const results = message.blocks.map((block) => (block.kind === 'tool_result' ? block.content : '')).join('');
  if (text) parts.push(message.role === 'tool' ? `[Tool result]: ${truncateToolResult(text)}` : `[User]: ${text}`);
  if (results) parts.push(`[Tool result]: ${truncateToolResult(results)}`);
  return parts;
}

/** The seed's `serializeConversation`: one labelled part per role and kind, empty parts skipped, joined by blank lines. */
export function serializeConversation(messages: readonly Message[]): string {
  return messages.flatMap(serializeMessage).join('\n\n');
}

/** Paths the summarized span read and changed, sorted; a path both read and written counts as modified only. */
export interface FileOperations {
  readFiles: string[];
  modifiedFiles: string[];
}

/**
 * File operations from assistant `read`, `write` and `edit` tool calls whose `path` argument is a string (§1.5),
 * merged with the ones a previous summary already carried.
 */
export function extractFileOperations(messages: readonly Message[], previous?: FileOperations): FileOperations {
  const read = new Set(previous?.readFiles ?? []);
  const modified = new Set(previous?.modifiedFiles ?? []);
  for (const message of messages) {
    if (message.role !== 'assistant') continue;
    for (const block of message.blocks) {
      if (block.kind !== 'tool_call') continue;
      const path = (block.args as { path?: unknown } | null)?.path;
      if (typeof path !== 'string') continue;
      if (block.name === 'read') read.add(path);
      else if (block.name === 'write' || block.name === 'edit') modified.add(path);
    }
  }
  return {
    readFiles: [...read].filter((path) => !modified.has(path)).sort(),
    modifiedFiles: [...modified].sort(),
  };
}

/** The file tags appended to a summary: `\n\n<read-files>…</read-files>` and/or `<modified-files>…`, or '' when both are empty. */
export function formatFileTags(operations: FileOperations): string {
  const sections: string[] = [];
  if (operations.readFiles.length > 0) sections.push(`<read-files>\n${operations.readFiles.join('\n')}\n</read-files>`);
  if (operations.modifiedFiles.length > 0) sections.push(`<modified-files>\n${operations.modifiedFiles.join('\n')}\n</modified-files>`);
  return sections.length === 0 ? '' : `\n\n${sections.join('\n\n')}`;
}
