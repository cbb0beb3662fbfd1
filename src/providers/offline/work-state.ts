import { codeNames } from './code-names';
import type { ConversationFacts } from './conversation-facts';
import type { ConversationEnding } from './conversation-ending';
import { findRepoRoot, isScratchPath, relativeTo } from './repo-paths';
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
  /** Order of the last change to a file that is not prose (a README, notes): the last one a check must follow. */
  lastCodeChange: number;
  /** Files named (by the user, in prose, in a tool's report) and never read or changed, most wanted first. */
  named: string[];
  /** How the summarized part ends: on the agent's reply, or in the middle of work. */
  ending: ConversationEnding;
}

const changeKinds = new Set(['change', 'create']);
// Files of prose: editing one leaves every test and build as it was.
const proseFile = /\.(?:md|mdx|markdown|txt|rst|adoc)$/i;

/**
 * Builds the work state in one pass over the actions, plus one over the errors for their resolution. A file only read
 * in a temporary or build output folder is left out (`isScratchPath`): it is output, not the project's.
 */
export function deriveWorkState(facts: ConversationFacts, ending: ConversationEnding = { isReplied: false }): WorkState {
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
  let lastCodeChange = -1;
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
        if (!proseFile.test(path)) lastCodeChange = action.order;
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
    files: [...files.values()].filter((file) => file.edits > 0 || !isScratchPath(file.path)),
    commands: [...commands.values()],
    errors: [...errors, ...proseErrors],
    openTodos: openTodos(plan, facts),
    identifiers: [...new Set([...editNames.reverse(), ...errors.flatMap((error) => codeNames(error.text))])],
    lastActions: actions.filter((action) => action.kind !== 'todo' && (action.kind !== 'other' || action.tool !== '')).slice(-4).map((action) => describeAction(action, root)),
    lastChange,
    lastCodeChange,
    named: namedFiles(facts.mentionedPaths, files, root),
    ending,
  };
}

/**
 * Named files not among those read or changed (nor a shorter spelling of one: `state.go` for `cmd/session/state.go`),
 * each once, relative to the root; whole paths never cut; none in a temporary or build output folder.
 */
function namedFiles(mentioned: readonly string[], files: ReadonlyMap<string, FileRecord>, root: string | undefined): string[] {
  // Every tail of a known path (`b/c.go` and `c.go` of `a/b/c.go`), so each mention is one lookup.
  const known = new Set<string>();
  for (const file of files.keys()) {
    const parts = file.split('/');
    for (let index = 0; index < parts.length; index++) known.add(parts.slice(index).join('/'));
  }
  const relatives = mentioned.map((path) => relativeTo(root, path));
  const spelled = new Set(relatives);
  const named = new Set<string>();
  mentioned.forEach((path, index) => {
    const relative = withoutDiffPrefix(relatives[index], spelled, known);
    // Judged by the repo-relative form, as the files read are: a project may itself lie under /tmp.
    if (!known.has(relative) && !files.has(path) && !isScratchPath(relative, true)) named.add(relative);
  });
  return [...named];
}

/**
 * A path as git's diff headers spell it (`a/cmd/x.go`, `b/cmd/x.go`) without the side's prefix, when the other side's
 * spelling or the bare path is also seen: otherwise `a/` or `b/` may be a real folder, and the path stays as it is.
 */
function withoutDiffPrefix(path: string, spelled: ReadonlySet<string>, known: ReadonlySet<string>): string {
  const side = /^([ab])\/(.+\/.+)$/.exec(path);
  if (!side) return path;
  const [, prefix, rest] = side;
  const other = `${prefix === 'a' ? 'b' : 'a'}/${rest}`;
  return spelled.has(other) || spelled.has(rest) || known.has(rest) ? rest : path;
}

function openTodos(plan: ToolAction | undefined, facts: ConversationFacts): string[] {
  const items = (plan?.plan ?? []).filter((item) => !/^(?:completed|complete|done|cancelled|canceled)$/i.test(item.status));
  items.sort((left, right) => Number(right.status === 'in_progress') - Number(left.status === 'in_progress'));
  const fromPlan = items.map((item) => (item.status === 'in_progress' ? `${item.text} (in progress)` : item.text));
  return [...fromPlan, ...facts.checkboxes];
}
