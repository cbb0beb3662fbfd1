/**
 * Reads serialized tool calls back into a name and its arguments, so the summarizer sees what an edit changed and
 * what a plan tool holds, not just a path: the Dart seed's `Edit(file_path="…", old_string="…"); Bash(command="…")`
 * (every value JSON, one line) and the ADK seed's `Read {"file_path":"…"}` (cut at 200 characters: then only the
 * arguments that survived whole). One left-to-right pass; a call that does not parse keeps its raw text for the
 * path-and-command scanner.
 */
import { isJsonObject } from '../../engine';

/** One call: its tool name, its arguments when they could be read, and its raw text. */
export interface ParsedCall {
  name: string;
  args?: Record<string, unknown>;
  raw: string;
}

const namePattern = /[A-Za-z_][\w.-]{0,63}/y;
const keyPattern = /[A-Za-z_$][\w$-]{0,63}/y;

/** End (exclusive) of the JSON value starting at `start`, or -1 when it is not closed on this line. */
function jsonValueEnd(text: string, start: number): number {
  let depth = 0;
  let index = start;
  while (index < text.length) {
    const char = text[index];
    if (char === '"') {
      index += 1;
      while (index < text.length && text[index] !== '"') index += text[index] === '\\' ? 2 : 1;
      if (index >= text.length) return -1;
      index += 1;
      if (depth === 0) return index;
      continue;
    }
    if (char === '{' || char === '[') depth += 1;
    else if (char === '}' || char === ']') {
      depth -= 1;
      if (depth === 0) return index + 1;
      if (depth < 0) return -1;
    } else if (depth === 0 && (char === ',' || char === ')' || char === ';')) {
      return index;
    }
    index += 1;
  }
  return depth === 0 ? index : -1;
}

function parseJson(text: string): unknown {
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return undefined;
  }
}


/** `key=<json>, key=<json>)` from `start`; the arguments and where the call ends, or undefined when it does not parse. */
function dartArguments(line: string, start: number): { args: Record<string, unknown>; end: number } | undefined {
  const args: Record<string, unknown> = {};
  let index = start;
  if (line[index] === ')') return { args, end: index + 1 };
  for (;;) {
    keyPattern.lastIndex = index;
    const key = keyPattern.exec(line);
    if (!key || line[index + key[0].length] !== '=') return undefined;
    const valueStart = index + key[0].length + 1;
    const valueEnd = jsonValueEnd(line, valueStart);
    if (valueEnd === -1) return undefined;
    const value = parseJson(line.slice(valueStart, valueEnd));
    if (value === undefined) return undefined;
    args[key[0]] = value;
    if (line.startsWith(', ', valueEnd)) index = valueEnd + 2;
    else if (line[valueEnd] === ')') return { args, end: valueEnd + 1 };
    else return undefined;
  }
}

/**
 * The calls of one serialized line: `Name(k=v, …)` calls joined by `; ` (the Dart seed), or one `Name {json}` (the
 * ADK seed). Text that is neither comes back as one call named `''` with its raw text.
 */
export function parseCallLine(line: string): ParsedCall[] {
  const trimmed = line.trim();
  if (trimmed.length === 0) return [];
  const calls: ParsedCall[] = [];
  let index = 0;
  while (index < trimmed.length) {
    namePattern.lastIndex = index;
    const name = namePattern.exec(trimmed);
    if (!name) break;
    const after = index + name[0].length;
    if (trimmed[after] === '(') {
      const parsed = dartArguments(trimmed, after + 1);
      if (!parsed) break;
      calls.push({ name: name[0], args: parsed.args, raw: trimmed.slice(index, parsed.end) });
      index = parsed.end;
      if (trimmed.startsWith('; ', index)) index += 2;
      else break;
    } else if (trimmed.startsWith(' {', after)) {
      const body = trimmed.slice(after + 1);
      const value = parseJson(body);
      calls.push({ name: name[0], args: isJsonObject(value) ? value : undefined, raw: trimmed.slice(index) });
      index = trimmed.length;
    } else {
      break;
    }
  }
  if (index < trimmed.length) calls.push({ name: '', raw: trimmed.slice(index) });
  return calls;
}

// A cut text is closed at one of its last commas: enough tries to step back past a value cut in half.
const maxClosingTries = 8;

/**
 * The members of a JSON object cut short (the ADK seed cuts a call's arguments at 200 characters) that survived whole:
 * the text closed after one of its last complete values (`{"todos":[{"content":"A","status":"done"},{"content":"B"`
 * reads as its two items, the second without its status). Undefined when nothing survived.
 */
export function survivingArguments(raw: string): Record<string, unknown> | undefined {
  const start = raw.indexOf('{');
  if (start === -1) return undefined;
  const body = raw.slice(start);
  const open: string[] = [];
  const cuts: Array<{ end: number; closers: string }> = [];
  for (let index = 0; index < body.length; index++) {
    const char = body[index];
    if (char === '"') {
      index += 1;
      while (index < body.length && body[index] !== '"') index += body[index] === '\\' ? 2 : 1;
    } else if (char === '{' || char === '[') {
      open.push(char === '{' ? '}' : ']');
    } else if (char === '}' || char === ']') {
      open.pop();
    } else if (char === ',' && open.length > 0) {
      // A comma follows a complete value: closing every open bracket here leaves valid JSON.
      cuts.push({ end: index, closers: [...open].reverse().join('') });
    }
  }
  for (const cut of cuts.slice(-maxClosingTries).reverse()) {
    const value = parseJson(body.slice(0, cut.end) + cut.closers);
    if (isJsonObject(value)) return value;
  }
  return undefined;
}

/** True for a line shaped like the ADK seed's `Name {json…`: a tool name, a space, an opening brace and a quote. */
export function looksLikeAdkCall(line: string): boolean {
  return /^[A-Za-z_][\w.-]{0,63} \{"/.test(line);
}
