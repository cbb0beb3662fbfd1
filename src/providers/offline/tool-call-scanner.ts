/**
 * Finds file paths and shell commands in serialized tool calls, whatever the shape: the Dart seed's
 * `Read(file_path="…"); Bash(command="…")`, the ADK seed's `Read {"file_path":"…"}` (cut at 200 chars), raw JSON
 * with `"name":"Edit"`, and apply_patch bodies (`*** Update File: …`). One left-to-right pass per line.
 */

/** What a tool does with the paths and commands in its arguments. */
type ToolKind = 'read' | 'change' | 'editor' | 'shell' | 'other';

const readTools = new Set(['read', 'read_file', 'readfile', 'view', 'view_file', 'open_file', 'cat', 'notebookread', 'get_file_contents', 'read_many_files']);
const changeTools = new Set([
  'edit', 'multiedit', 'write', 'write_file', 'writefile', 'create_file', 'edit_file', 'str_replace', 'apply_patch', 'applypatch',
  'notebookedit', 'replace', 'replace_in_file', 'insert', 'patch', 'delete_file', 'create',
]);
const editorTools = new Set(['str_replace_editor', 'str_replace_based_edit_tool', 'text_editor']);
const shellTools = new Set([
  'bash', 'shell', 'sh', 'zsh', 'run', 'exec', 'exec_command', 'execute', 'execute_command', 'execute_bash', 'run_command',
  'run_shell_command', 'shell_command', 'terminal', 'local_shell', 'run_terminal_cmd', 'container.exec', 'powershell', 'cmd',
]);

function toolKind(rawName: string): ToolKind {
  const name = rawName.toLowerCase();
  const last = name.includes('__') ? name.slice(name.lastIndexOf('__') + 2) : name;
  for (const candidate of [name, last]) {
    if (readTools.has(candidate)) return 'read';
    if (changeTools.has(candidate)) return 'change';
    if (editorTools.has(candidate)) return 'editor';
    if (shellTools.has(candidate)) return 'shell';
  }
  return 'other';
}

/** Where the scanner reports what it finds. */
export interface ToolFindings {
  onRead(path: string): void;
  onChange(path: string): void;
  onCommand(command: string): void;
}

// Alternatives, tried left to right: a tool name before `(` or ` {`; a JSON `"name":"…"`; a path or command argument
// (quoted string, possibly cut off at the line end, or a JSON array); an apply_patch file header; and last any other
// quoted string, skipped whole so code inside an argument (`old_string`, `content`) is never read as a call.
const tokenPattern =
  /\b([A-Za-z_][\w.-]{0,63})(?:\(| \{)|"(?:name|tool|tool_name)"\s*:\s*"([^"\\]{1,64})"|"?\b(file_path|filePath|notebook_path|path|command|cmd)"?\s*[:=]\s*(?:"((?:[^"\\]|\\.)*)(?:"|$)|(\[(?:[^\]"\\]|"(?:[^"\\]|\\.)*")*\]))|\*\*\* (?:Update|Add|Delete) File: ([^\s"\\]+)|"(?:[^"\\]|\\.)*"/g;

/** Scans one line; a call's kind carries from its name to the arguments after it on the same line. */
export function scanToolLine(line: string, findings: ToolFindings): void {
  if (line.length === 0) return;
  let kind: ToolKind = 'other';
  let editorPath: string | undefined;
  let editorCommand: string | undefined;
  const flushEditor = () => {
    if (editorPath !== undefined) {
      if (editorCommand === 'view') findings.onRead(editorPath);
      else findings.onChange(editorPath);
    }
    editorPath = undefined;
    editorCommand = undefined;
  };
  tokenPattern.lastIndex = 0;
  for (let match = tokenPattern.exec(line); match !== null; match = tokenPattern.exec(line)) {
    const [, callName, jsonName, key, quoted, array, patchPath] = match;
    if (callName !== undefined || jsonName !== undefined) {
      flushEditor();
      kind = toolKind(callName ?? jsonName ?? '');
    } else if (patchPath !== undefined) {
      findings.onChange(patchPath);
    } else if (key !== undefined) {
      if (match[0].includes('*** ')) scanPatchHeaders(match[0], findings);
      const value = quoted !== undefined ? decodeJsonString(quoted) : commandFromArray(array ?? '');
      handleArgument(kind, key, value, findings, {
        setPath: (path) => { editorPath = path; },
        setCommand: (command) => { editorCommand = command; },
      });
    } else if (match[0].includes('*** ')) {
      scanPatchHeaders(match[0], findings);
    }
  }
  flushEditor();
}

const patchHeaderPattern = /\*\*\* (?:Update|Add|Delete) File: ([^\s"\\]+)/g;

/** apply_patch bodies name the files they touch in `*** Update File: path` headers, even inside a quoted argument. */
function scanPatchHeaders(text: string, findings: ToolFindings): void {
  patchHeaderPattern.lastIndex = 0;
  for (let match = patchHeaderPattern.exec(text); match !== null; match = patchHeaderPattern.exec(text)) {
    findings.onChange(match[1]);
  }
}

function handleArgument(
  kind: ToolKind,
  key: string,
  value: string,
  findings: ToolFindings,
  editor: { setPath(path: string): void; setCommand(command: string): void },
): void {
  const isCommandKey = key === 'command' || key === 'cmd';
  if (kind === 'editor') {
    if (isCommandKey) editor.setCommand(value.trim());
    else if (isPlausiblePath(value)) editor.setPath(value.trim());
    return;
  }
  if (isCommandKey) {
    if (kind === 'shell' || kind === 'other') {
      const command = firstLine(value);
      if (command.length > 0) findings.onCommand(command);
    }
    return;
  }
  if (!isPlausiblePath(value)) return;
  if (kind === 'read') findings.onRead(value.trim());
  else if (kind === 'change') findings.onChange(value.trim());
}

function isPlausiblePath(value: string): boolean {
  const path = value.trim();
  return path.length > 0 && path.length <= 300 && !/[\n\r\t*?]/.test(path);
}

function firstLine(command: string): string {
  const trimmed = command.trim();
  const end = trimmed.indexOf('\n');
  return (end === -1 ? trimmed : trimmed.slice(0, end)).trim();
}

/** Decodes a JSON string body; a body cut mid-escape (the ADK seed's 200-char slice) is unescaped by hand. */
function decodeJsonString(body: string): string {
  try {
    return JSON.parse(`"${body}"`) as string;
  } catch {
    return body.replace(/\\n/g, '\n').replace(/\\t/g, '\t').replace(/\\(["\\/])/g, '$1').replace(/\\$/, '');
  }
}

/** Codex-style `["bash","-lc","…"]`: the script itself; any other argv is joined with spaces. */
function commandFromArray(array: string): string {
  try {
    const parts = JSON.parse(array) as unknown;
    if (!Array.isArray(parts)) return '';
    const words = parts.filter((part): part is string => typeof part === 'string');
    if (words.length >= 3 && /^(?:ba|z)?sh$/.test(words[0].replace(/^.*\//, '')) && /^-\w*c$/.test(words[1])) return words[2];
    return words.join(' ');
  } catch {
    return '';
  }
}
