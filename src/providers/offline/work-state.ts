import { codeNames } from './code-names';
import type { ConversationFacts } from './conversation-facts';
import { findRepoRoot, relativeTo } from './repo-paths';
import { commandCore, describeAction, resolutionOf } from './action-words';
import type { Outcome, ToolAction } from './tool-actions';

/** One file the session touched: how, how often it was edited, and the names its edits brought in or took out. */
export interface FileRecord {
  path: string;
  wasRead: boolean;
  wasCreated: boolean;
  edits: number;
  added: string[];
  removed: string[];
  /** Order of the last action on it. */
  last: number;
}

/** One command, by its core (`cd … &&`, `2>&1` and a trailing `| tail` left out), with its latest form and outcome. */
export interface CommandRecord {
  core: string;
  /** The latest first line as typed, whole; empty when only the result was seen. */
  latest: string;
  /** Named in the assistant's prose, never seen run (inputs that keep no tool calls). */
  isMentioned?: boolean;
  runs: number;
  outcome?: Outcome;
  last: number;
}

/** One error and whether a later action shows it resolved. */
interface ErrorRecord {
  text: string;
  /** The command or the tool and file that failed. */
  source?: string;
  order: number;
  resolution?: string;
}

/** The state of the work, derived from the tool calls and their results. */
export interface WorkState {
  root?: string;
  files: FileRecord[];
  commands: CommandRecord[];
  errors: ErrorRecord[];
  /** Open items of the latest plan (in progress first) and unchecked boxes written after it. */
  openTodos: string[];
  /** Names from edits (newest first), then from errors. */
  identifiers: string[];
  /** The last few actions, oldest first, each in a line. */
  lastActions: string[];
  /** Order of the last action that changed a file, -1 when none did. */
  lastChange: number;
  /** Files named (by the user, in prose, in a tool's report) and never read or changed, most wanted first. */
  named: string[];
}

const changeKinds = new Set(['change', 'create']);

/** Builds the work state in one pass over the actions, plus one over the errors for their resolution. */
export function deriveWorkState(facts: ConversationFacts): WorkState {
  const { actions } = facts;
  const root = findRepoRoot(
    actions.flatMap((action) => (action.path !== undefined && action.kind !== 'search' ? [action.path] : [])),
    actions.flatMap((action) => (action.command !== undefined ? [action.command] : [])),
  );
  const files = new Map<string, FileRecord>();
  const commands = new Map<string, CommandRecord>();
  const errors: ErrorRecord[] = [];
  let plan: ToolAction | undefined;
  let lastChange = -1;
  const editNames: string[] = [];
  for (const action of actions) {
    if (action.kind === 'todo') plan = action;
    if (action.path !== undefined && action.kind !== 'search' && action.kind !== 'shell' && action.kind !== 'other') {
      const path = relativeTo(root, action.path);
      const record = files.get(path) ?? { path, wasRead: false, wasCreated: false, edits: 0, added: [], removed: [], last: action.order };
      files.delete(path);
      files.set(path, record);
      record.last = action.order;
      if (action.kind === 'read') record.wasRead = true;
      if (changeKinds.has(action.kind) && action.outcome?.isFailed !== true) {
        lastChange = action.order;
        record.edits += 1;
        if (action.kind === 'create') record.wasCreated = true;
        for (const name of action.edit?.added ?? []) if (!record.added.includes(name)) record.added.push(name);
        for (const name of action.edit?.removed ?? []) if (!record.removed.includes(name)) record.removed.push(name);
        editNames.push(...(action.edit?.added ?? []));
      }
    }
    if (action.command === undefined && action.kind === 'shell' && action.outcome !== undefined) {
      // A result without its call (two-tier's LLM input): the outcome is still worth knowing.
      commands.set(`#${action.order}`, { core: '', latest: '', runs: 1, outcome: action.outcome, last: action.order });
    }
    if (action.command !== undefined) {
      const core = commandCore(action.command) || action.command;
      const record = commands.get(core) ?? { core, latest: action.command, runs: 0, last: action.order };
      commands.delete(core);
      commands.set(core, record);
      record.latest = action.command;
      record.runs += 1;
      record.last = action.order;
      if (action.outcome) record.outcome = action.outcome;
    }
    if (action.outcome?.isFailed) {
      const source = action.command ?? (action.path !== undefined ? `${action.tool || action.kind} ${relativeTo(root, action.path)}` : action.tool || undefined);
      const exit = action.outcome.exitCode !== undefined ? ` with exit code ${action.outcome.exitCode}` : '';
      errors.push({ text: action.outcome.errors[0] ?? `${source === undefined ? 'A command' : 'It'} failed${exit}`, source, order: action.order });
    }
  }
  for (const error of errors) error.resolution = resolutionOf(error, actions);
  if (![...commands.values()].some((command) => command.latest !== '')) {
    for (const command of facts.proseCommands) {
      const core = commandCore(command) || command;
      if (!commands.has(core)) commands.set(core, { core, latest: command, runs: 0, isMentioned: true, last: actions.length });
    }
  }
  const proseErrors = facts.proseErrors.map((text) => ({ text, order: actions.length }));
  return {
    root,
    files: [...files.values()],
    commands: [...commands.values()],
    errors: [...errors, ...proseErrors],
    openTodos: openTodos(plan, facts),
    identifiers: [...new Set([...editNames.reverse(), ...errors.flatMap((error) => codeNames(error.text))])],
    lastActions: actions.filter((action) => action.kind !== 'todo' && (action.kind !== 'other' || action.tool !== '')).slice(-4).map((action) => describeAction(action, root)),
    lastChange,
    named: namedFiles(facts.mentionedPaths, files, root),
  };
}

/** Named files not among those read or changed, each once, relative to the root; whole paths never cut. */
function namedFiles(mentioned: readonly string[], files: ReadonlyMap<string, FileRecord>, root: string | undefined): string[] {
  const known = new Set([...files.keys()].map((path) => path.replace(/^.*\//, '')));
  const named = new Set<string>();
  for (const path of mentioned) {
    const relative = relativeTo(root, path);
    if (!files.has(relative) && !files.has(path) && !(known.has(relative.replace(/^.*\//, '')) && !relative.includes('/'))) named.add(relative);
  }
  return [...named];
}

function openTodos(plan: ToolAction | undefined, facts: ConversationFacts): string[] {
  const items = (plan?.plan ?? []).filter((item) => !/^(?:completed|complete|done|cancelled|canceled)$/i.test(item.status));
  items.sort((left, right) => Number(right.status === 'in_progress') - Number(left.status === 'in_progress'));
  const fromPlan = items.map((item) => (item.status === 'in_progress' ? `${item.text} (in progress)` : item.text));
  return [...fromPlan, ...facts.checkboxes];
}
