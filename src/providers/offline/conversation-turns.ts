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
  /^(?:Let me|Let's|Now,? (?:let me|I\b|I'll|I'm|we\b|the\b|that\b|all\b)|Next,? I\b|I'll|I will|I need|I've|I have|I'm|I am|I see|Good\b|Great\b|Perfect\b|Excellent\b|Done\b|All \d|OK\b|Okay\b|The (?:file|test|build|issue|problem|fix|code)|This (?:is|means|will)|Here(?:'s| is)|Both\b|Still\b|Found\b|Clean\b)/;

/**
 * The ADK seed's `qa` text has no role labels: turns are joined by blank lines and a turn opens with the user's
 * message when it has one, so a block's first line is read as the request — unless it is a tool call or opens in the
 * assistant's voice — and the rest as the answer and its tool-call lines.
 */
function splitUnlabelled(lines: readonly string[]): Turn[] {
  const turns: Turn[] = [];
  let isBlockStart = true;
  let answer: Turn | undefined;
  for (const line of lines) {
    if (line.trim().length === 0) {
      isBlockStart = true;
      continue;
    }
    // A block that opens with a tool call or in the assistant's voice carries on the answer: ADK writes a turn for
    // every assistant message, and most of an agent's turns have no user message in them.
    if (isBlockStart && !adkCallLine.test(line) && !assistantOpening.test(line)) {
      turns.push({ role: 'user', lines: [line] });
      isBlockStart = false;
      answer = undefined;
      continue;
    }
    isBlockStart = false;
    if (!answer) {
      answer = { role: 'assistant', lines: [] };
      turns.push(answer);
    }
    answer.lines.push(line);
  }
  return turns;
}
