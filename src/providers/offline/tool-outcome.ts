import { clipItem } from './bounded-items';
import { errorLinePattern, errorMentionPattern } from './sentence-signals';
import type { ActionKind, Outcome, ToolAction } from './tool-actions';

const exitCodeLine = /^Exit code (\d+)/;
const failedFirstLine = /^(?:<tool_use_error>|Error:|error:|ERROR:|Traceback \(most recent call last\))/;
// A line that says how a run went: best with counts (tests, failures, errors) or a commit's `[branch sha]`, else with a
// pass/fail word or a lint verdict.
const countVerdict = /\b\d+ (?:tests?|examples?|specs?|doctests?|properties|passed|failed|failures?|errors?|issues?|mods\/funs)\b(?![.\w/-])|^\[[\w./-]+ [0-9a-f]{7,}\]/i;
// A directory listing's line (`-rw-r--r-- 1 me me 6744 Apr 30 error.c`) names files, not a verdict.
const listingLine = /^[-dlcbps][-rwxsStT]{9}[@+.]?\s/;
const wordVerdict = /\b(?:all tests pass|no issues|no errors|no problems|success(?:fully)?|passed|failed|up to date)\b|^(?:ok|PASS|FAIL)\b|^✓|^✗/i;
const maxLinesRead = 400;

/** How a tool result ended, read from its text (masking notes already removed). */
export function outcomeOf(result: string, isFlagged: boolean): Outcome {
  const lines: string[] = [];
  for (const raw of result.split('\n', maxLinesRead)) {
    const line = raw.replace(/^\s*\d+(?:→|\t)/, '').trim();
    if (line.length > 0) lines.push(line);
  }
  const exit = lines.length > 0 ? exitCodeLine.exec(lines[0]) : null;
  const exitCode = exit ? Number(exit[1]) : undefined;
  const isFailed = isFlagged || (exitCode !== undefined && exitCode !== 0) || (lines.length > 0 && failedFirstLine.test(lines[0]));
  const body = exit ? lines.slice(1) : lines;
  const errors = body.filter((line) => errorLinePattern.test(line)).slice(0, 2);
  if (isFailed && errors.length === 0) {
    // The first line that mentions an error, else the first line after the exit code; never the exit code line.
    const mention = body.find((line) => errorMentionPattern.test(line)) ?? body[0];
    if (mention) errors.push(mention.replace(/^<tool_use_error>|<\/tool_use_error>$/g, '').trim());
  }
  const candidates = body.filter((line) => line.length <= 300 && !listingLine.test(line));
  const verdict = candidates.find((line) => countVerdict.test(line)) ?? candidates.find((line) => wordVerdict.test(line));
  const outcome: Outcome = { isFailed, errors: errors.map((error) => clipItem(error, 240)) };
  if (exitCode !== undefined) outcome.exitCode = exitCode;
  if (verdict) outcome.verdict = clipItem(verdict, 120);
  return outcome;
}

const createdResult = /(?:File created successfully at|Created file|File written(?: successfully)? to):? (\S+)/;
const changedResult = /The file (\S+) has been (?:updated|edited|modified|overwritten)/;

/** What a result shows by itself, when no call of it was seen (two-tier's LLM input keeps results, not calls). */
export function resultOnlyAction(result: string, outcome: Outcome, position: { order: number; turn: number }): ToolAction {
  const head = result.slice(0, 600);
  const created = createdResult.exec(head);
  if (created) return { kind: 'create', tool: '', path: trimPath(created[1]), outcome, ...position };
  const changed = changedResult.exec(head);
  if (changed) return { kind: 'change', tool: '', path: trimPath(changed[1]), outcome, ...position };
  const kind: ActionKind = outcome.exitCode !== undefined ? 'shell' : 'other';
  return { kind, tool: '', outcome, ...position };
}

function trimPath(path: string): string {
  return path.replace(/[.,:;]+$/, '');
}

const fileListing = /^\s*\d+(?:→|\t)/;
const changeReport = /has been (?:updated|edited|modified|overwritten)|File created successfully|Updated the following files/;

/**
 * The waiting call a result belongs to. Results follow their calls in order, but a serializer skips empty results,
 * so the order alone can pair a result with the wrong call: a result naming a waiting call's file goes to it, a file
 * listing to the first waiting read, an edit report to the first waiting edit, anything else to the first waiting
 * call that is not a read.
 */
export function pairResult(waiting: ToolAction[], result: string): ToolAction | undefined {
  if (waiting.length === 0) return undefined;
  const head = result.slice(0, 400);
  let index = waiting.findIndex((action) => action.path !== undefined && action.kind !== 'search' && head.includes(action.path));
  if (index === -1 && fileListing.test(head)) index = waiting.findIndex((action) => action.kind === 'read');
  if (index === -1 && changeReport.test(head)) index = waiting.findIndex((action) => action.kind === 'change' || action.kind === 'create');
  if (index === -1) index = waiting.findIndex((action) => action.kind !== 'read' && action.kind !== 'change' && action.kind !== 'create');
  if (index === -1) index = 0;
  return waiting.splice(index, 1)[0];
}
