import { messageText } from '../tokens/message-text';
import type { Block, Message } from '../transcript/model';
import { clip } from './normalize';

// Shell tools across the formats we import (Claude Code, OpenHands, Codex, SWE-agent, Gemini CLI, Cursor-style).
const shellToolName = /^(?:bash|shell|sh|zsh|execute_bash|exec_command|run_command|run_shell_command|run_terminal_cmd|terminal|local_shell|container\.exec)$/i;

/** Tool-call argument names that hold the file or folder a call acts on, across the formats we import. */
export const pathArgument = /^(?:path|file_?path|filePath|file_?name|fileName|file|dir|directory|notebook_path|target_file|absolute_path)$/;

/** The longest command retention keeps as one fact: longer ones are cut at a word. */
const commandMaxChars = 200;

function commandFromValue(value: unknown): string | undefined {
  if (typeof value === 'string') return value;
  if (Array.isArray(value) && value.every((part) => typeof part === 'string')) {
    // `["bash", "-lc", "npm test"]`: the script is the command the user would recognise.
    const shellScript = value.length === 3 && /^(?:ba|z)?sh$/.test(value[0]) && /^-\w*c$/.test(value[1]);
    return shellScript ? value[2] : value.join(' ');
  }
  return undefined;
}

/** The command a shell tool call ran (its `command` or `cmd` argument), whole; undefined for other tools. */
export function shellCommandOf(block: Block): string | undefined {
  if (block.kind !== 'tool_call' || !shellToolName.test(block.name)) return undefined;
  const args = block.args as { command?: unknown; cmd?: unknown } | null;
  if (args === null || typeof args !== 'object') return undefined;
  const command = commandFromValue(args.command) ?? commandFromValue(args.cmd);
  return command?.trim() || undefined;
}

/** The fact text of a shell command: its first non-empty line, cut at a word past `commandMaxChars`. */
export function commandFact(command: string): string {
  const firstLine = command.split('\n').find((line) => line.trim() !== '') ?? '';
  return clip(firstLine.trim(), commandMaxChars);
}

/**
 * The text retention reads of a message: `messageText` plus every shell command decoded from its JSON arguments,
 * so a command with quotes matches whether the context shows it raw or inside a tool call.
 */
export function retentionText(message: Message): string {
  const text = messageText(message);
  const commands = message.blocks.map(shellCommandOf).filter((command): command is string => command !== undefined);
  return commands.length === 0 ? text : `${text}\n${commands.join('\n')}`;
}
