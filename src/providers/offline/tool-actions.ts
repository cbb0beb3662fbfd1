import { definedNames, nameChange, usedNames, type NameChange } from './code-names';
import { survivingArguments, type ParsedCall } from './tool-call-parser';
import { scanToolLine } from './tool-call-scanner';

/** What a tool call did, as far as the summary is concerned. */
export type ActionKind = 'read' | 'change' | 'create' | 'shell' | 'search' | 'todo' | 'other';

/** One plan item a plan tool holds (Claude Code `TodoWrite`, Codex `update_plan`). */
interface PlanItem {
  text: string;
  status: string;
}

/** How a tool call ended: failed or not, its exit code when shown, its error lines and a one-line verdict. */
export interface Outcome {
  isFailed: boolean;
  exitCode?: number;
  errors: string[];
  /** A line that says how it went (`386 tests, 0 failures`), when the output has one. */
  verdict?: string;
}

/** One tool call read from the conversation, with its result once it is paired. */
export interface ToolAction {
  kind: ActionKind;
  /** The tool's name as the call wrote it; empty when only the result was seen. */
  tool: string;
  path?: string;
  /** A shell command's first line, whole. */
  command?: string;
  /** A search's pattern. */
  pattern?: string;
  edit?: NameChange;
  /** Names the file a read printed defines (functions, types, modules), read from its output. */
  defines?: string[];
  plan?: PlanItem[];
  outcome?: Outcome;
  /** Position in the conversation: later actions have larger numbers. */
  order: number;
  /** Index of the user turn this action follows (0 before the first). */
  turn: number;
}

const readTools = new Set(['read', 'read_file', 'readfile', 'view', 'view_file', 'open_file', 'cat', 'notebookread', 'get_file_contents', 'read_many_files']);
const createTools = new Set(['write', 'write_file', 'writefile', 'create_file', 'create']);
const changeTools = new Set([
  'edit', 'multiedit', 'str_replace', 'apply_patch', 'applypatch', 'notebookedit', 'replace', 'replace_in_file', 'insert', 'patch',
  'edit_file', 'delete_file',
]);
const editorTools = new Set(['str_replace_editor', 'str_replace_based_edit_tool', 'text_editor']);
const shellTools = new Set([
  'bash', 'shell', 'sh', 'zsh', 'run', 'exec', 'exec_command', 'execute', 'execute_command', 'execute_bash', 'run_command',
  'run_shell_command', 'shell_command', 'terminal', 'local_shell', 'run_terminal_cmd', 'container.exec', 'powershell', 'cmd',
]);
const searchTools = new Set(['grep', 'glob', 'search', 'find', 'rg', 'ls', 'list_files', 'list_dir', 'list_directory', 'codebase_search', 'search_files', 'file_search', 'grep_search']);
const planTools = new Set(['todowrite', 'todo_write', 'update_plan', 'write_todos', 'todo']);
const pathKeys = ['file_path', 'filePath', 'notebook_path', 'path', 'file', 'filename', 'target_file', 'absolute_path'];

function baseName(tool: string): string {
  const name = tool.toLowerCase();
  return name.includes('__') ? name.slice(name.lastIndexOf('__') + 2) : name;
}

function kindOf(tool: string, args: Record<string, unknown>): ActionKind {
  const name = baseName(tool);
  if (readTools.has(name)) return 'read';
  if (createTools.has(name)) return 'create';
  if (changeTools.has(name)) return 'change';
  if (shellTools.has(name)) return 'shell';
  if (searchTools.has(name)) return 'search';
  if (planTools.has(name)) return 'todo';
  if (editorTools.has(name)) return args.command === 'view' ? 'read' : args.command === 'create' ? 'create' : 'change';
  return 'other';
}

const text = (value: unknown): string | undefined => (typeof value === 'string' ? value : undefined);

function firstLine(command: string): string {
  return command.trim().split('\n')[0].trim();
}

function commandOf(args: Record<string, unknown>): string | undefined {
  const value = args.command ?? args.cmd;
  if (typeof value === 'string') return firstLine(value) || undefined;
  if (Array.isArray(value) && value.every((part) => typeof part === 'string')) {
    const words = value as string[];
    const isScript = words.length >= 3 && /^(?:ba|z)?sh$/.test(words[0].replace(/^.*\//, '')) && /^-\w*c$/.test(words[1]);
    return firstLine(isScript ? words[2] : words.join(' ')) || undefined;
  }
  return undefined;
}

function isPlausiblePath(value: string): boolean {
  return value.length > 0 && value.length <= 300 && !/[\n\r\t*?]/.test(value);
}

function editOf(args: Record<string, unknown>): NameChange | undefined {
  const pairs: Array<[string, string]> = [];
  const old = text(args.old_string) ?? text(args.old_str) ?? text(args.oldText);
  const fresh = text(args.new_string) ?? text(args.new_str) ?? text(args.newText);
  if (old !== undefined || fresh !== undefined) pairs.push([old ?? '', fresh ?? '']);
  if (Array.isArray(args.edits)) {
    for (const edit of args.edits) {
      if (typeof edit !== 'object' || edit === null) continue;
      const record = edit as Record<string, unknown>;
      pairs.push([text(record.old_string) ?? text(record.oldText) ?? '', text(record.new_string) ?? text(record.newText) ?? '']);
    }
  }
  const content = text(args.content) ?? text(args.file_text);
  if (content !== undefined) return { added: definedNames(content), removed: [], uses: usedNames(content) };
  if (pairs.length === 0) return undefined;
  return nameChange(pairs.map(([before]) => before).join('\n'), pairs.map(([, after]) => after).join('\n'));
}

function planOf(args: Record<string, unknown>): PlanItem[] {
  const list = [args.todos, args.plan, args.items].find(Array.isArray) as unknown[] | undefined;
  return (list ?? []).flatMap((item) => {
    if (typeof item !== 'object' || item === null) return [];
    const entry = item as Record<string, unknown>;
    const itemText = [entry.content, entry.step, entry.text, entry.title, entry.description].find((value) => typeof value === 'string') as string | undefined;
    return itemText ? [{ text: itemText, status: typeof entry.status === 'string' ? entry.status : 'pending' }] : [];
  });
}

/** The actions one parsed call stands for: usually one; a call that did not parse, whatever its raw text shows. */
export function actionsOfCall(call: ParsedCall, position: { order: number; turn: number }): ToolAction[] {
  if (!call.args) {
    // A plan cut short still holds the items written before the cut; the scanner would find none of them.
    const surviving = planTools.has(baseName(call.name)) ? survivingArguments(call.raw) : undefined;
    return surviving === undefined ? scannedActions(call.raw, position) : [{ kind: 'todo', tool: call.name, ...position, plan: planOf(surviving) }];
  }
  const args = call.args;
  const kind = kindOf(call.name, args);
  const action: ToolAction = { kind, tool: call.name, ...position };
  const path = pathKeys.map((key) => text(args[key])).find((value) => value !== undefined && isPlausiblePath(value.trim()));
  if (kind === 'shell') {
    action.command = commandOf(args);
    if (!action.command) return [];
  } else if (kind === 'search') {
    action.pattern = text(args.pattern) ?? text(args.query) ?? text(args.glob);
    if (path) action.path = path.trim();
  } else if (kind === 'todo') {
    action.plan = planOf(args);
  } else if (path) {
    action.path = path.trim();
  }
  if (kind === 'change' || kind === 'create') action.edit = editOf(args);
  if ((kind === 'change' || kind === 'other') && !action.path) {
    // apply_patch names its files in the patch body; anything else unreadable may still show a path or a command.
    const scanned = scannedActions(call.raw, position);
    if (scanned.length > 0) return scanned;
  }
  return [action];
}

/** Paths and commands the line scanner finds in text that did not parse as a call. */
export function scannedActions(raw: string, position: { order: number; turn: number }): ToolAction[] {
  const found: ToolAction[] = [];
  scanToolLine(raw, {
    onRead: (path) => found.push({ kind: 'read', tool: '', path, ...position }),
    onChange: (path) => found.push({ kind: 'change', tool: '', path, ...position }),
    onCommand: (command) => found.push({ kind: 'shell', tool: '', command: firstLine(command), ...position }),
  });
  return found;
}
