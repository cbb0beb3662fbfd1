/**
 * Splits a serialized conversation into role-tagged turns, tolerating every shape the seeds produce: the Dart seed's
 * `[User]: …` / `[Assistant tool calls]: …` / `[Tool result]: …` parts, Harn's `USER: …` lines and `[assistant] …`
 * mask lines, and the ADK seed's unlabelled `qa` blocks. One pass over the lines.
 */

/** Who a turn belongs to; `calls` are serialized tool calls, `tool-error` a result flagged as failed. */
type TurnRole = 'user' | 'assistant' | 'thinking' | 'calls' | 'tool' | 'tool-error' | 'system';

/** One turn: its role and its lines, the role label removed from the first. */
export interface Turn {
  role: TurnRole;
  lines: string[];
}

const labelledRoles: Record<string, TurnRole> = {
  user: 'user',
  human: 'user',
  assistant: 'assistant',
  ai: 'assistant',
  'assistant thinking': 'thinking',
  'assistant tool calls': 'calls',
  'tool result': 'tool',
  tool: 'tool',
  'tool result (error)': 'tool-error',
  'tool error': 'tool-error',
  system: 'system',
};

const bracketLabel = /^\[(User|Assistant|Assistant thinking|Assistant tool calls|Tool result|Tool result \(error\)|Tool error|Tool|System|user|assistant|tool|system)\](?::[ \t]?|[ \t]|$)/;
const colonLabel = /^(USER|ASSISTANT|TOOL|SYSTEM|User|Assistant|Tool|System|Human|HUMAN|AI):(?:[ \t]|$)/;

/** The role a line opens, and the length of its label, or undefined for a continuation line. */
function readLabel(line: string): { role: TurnRole; labelLength: number } | undefined {
  const first = line.charCodeAt(0);
  // Only lines starting with `[` or an upper/lower-case letter can carry a label; skip the regexes otherwise.
  if (first !== 91 && !((first >= 65 && first <= 90) || (first >= 97 && first <= 122))) return undefined;
  const match = bracketLabel.exec(line) ?? colonLabel.exec(line);
  if (!match) return undefined;
  const role = labelledRoles[match[1].toLowerCase()];
  return role ? { role, labelLength: match[0].length } : undefined;
}

/** Turns of the conversation; text before the first label is a `system` turn (a preamble, not a request). */
export function splitTurns(conversation: string): Turn[] {
  const lines = conversation.split('\n');
  const turns: Turn[] = [];
  let current: Turn | undefined;
  for (const line of lines) {
    const label = readLabel(line);
    if (label) {
      current = { role: label.role, lines: [line.slice(label.labelLength)] };
      turns.push(current);
    } else if (current) {
      current.lines.push(line);
    } else {
      current = { role: 'system', lines: [line] };
      turns.push(current);
    }
  }
  const isUnlabelled = turns.length <= 1 && (turns[0]?.role ?? 'system') === 'system';
  return isUnlabelled ? splitUnlabelled(lines) : turns;
}

const adkCallLine = /^[A-Za-z_][\w.-]{0,63} \{"/;
const assistantOpening =
  /^(?:Let me|Let's|Now,? (?:let me|I\b|I'll|I'm|we\b|the\b|that\b|all\b)|Next,? I\b|I'll|I will|I've|I see|Good\b|Great\b|Perfect\b|Excellent\b|Done\b|All \d|OK\b|Okay\b|The (?:file|test|build|issue|problem|fix|code)|This (?:is|means|will)|Here(?:'s| is)|Both\b|Still\b|Found\b|Clean\b)/;

// An agent speaking of itself: rare in a user's request, everywhere in an agent's narration.
const assistantVoice = /\b(?:[Ll]et me|I'll|I've|I'm going to|I can see|I see that|I should)\b/;

// A line that carries on the text above it: indented, a list item, a heading, emphasis, a table row, a quote, a code
// span or an arrow opening it.
const continuationLine = /^(?:\s|[-*+] |\d{1,3}[.)] |#{1,6} |\*\*|\||> |`|→|-{3,}|\*{3,}|_{3,})/;
const fenceLine = /^\s*```/;
const harnessLine = /^(?:<|\[Request interrupted)/;

/**
 * The ADK seed's `qa` text has no role labels: turns are joined by blank lines and a turn opens with the user's
 * message when it has one, then the answer and its tool-call lines. Read line by line: a block opens a user message
 * unless it is a tool call, speaks in the assistant's voice or carries on the text above it (a list, a heading); a
 * user message goes on while its lines are list items or follow a line ending in `:`, and blocks of it in a row are
 * one message; any other line is the answer.
 */
function splitUnlabelled(lines: readonly string[]): Turn[] {
  const turns: Turn[] = [];
  let isBlockStart = true;
  let current: Turn | undefined;
  // A harness line (a tag, an interruption notice) is a message of its own: ADK joins a turn's user messages with `\n`.
  const append = (role: 'user' | 'assistant', line: string) => {
    const isNewMessage = role === 'user' && current !== undefined && harnessLine.test(line) !== harnessLine.test(current.lines[0]) && !/^\s/.test(line);
    if (current?.role === role && !isNewMessage) current.lines.push(line);
    else turns.push((current = { role, lines: [line] }));
  };
  let isInFence = false;
  for (const line of lines) {
    // A fenced block belongs to the text it sits in, blank lines and all.
    if (fenceLine.test(line)) isInFence = !isInFence;
    if (isInFence || fenceLine.test(line)) {
      if (current) current.lines.push(line);
      else append('assistant', line);
      continue;
    }
    if (line.trim().length === 0) {
      isBlockStart = true;
      continue;
    }
    const opensBlock = isBlockStart;
    isBlockStart = false;
    const isAnswer = adkCallLine.test(line) || assistantOpening.test(line) || assistantVoice.test(line);
    if (opensBlock && !isAnswer && !(current && continuationLine.test(line))) {
      append('user', line);
      continue;
    }
    const previous = current?.lines[current.lines.length - 1] ?? '';
    const continuesUser = current?.role === 'user' && !isAnswer && (continuationLine.test(line) || harnessLine.test(line) || harnessLine.test(previous) || previous.trimEnd().endsWith(':'));
    append(continuesUser ? 'user' : current && opensBlock && continuationLine.test(line) ? current.role === 'user' ? 'user' : 'assistant' : 'assistant', line);
  }
  return turns;
}
