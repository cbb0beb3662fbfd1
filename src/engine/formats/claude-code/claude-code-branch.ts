import type { ImportIssue } from '../import-report';
import { canStartConversation, describeNonUuid, readParentLink } from './claude-code-links';
import { asArray, asRecord, asString, quotedId } from '../shared';

/** One Claude Code JSONL record with its 1-based source line. */
export interface ClaudeCodeLine {
  line: number;
  record: Record<string, unknown>;
}

/** The lines that make up the conversation, in file order, plus what was left out and why. */
export interface BranchSelection {
  lines: ClaudeCodeLine[];
  /** Conversational lines (user/assistant/attachment) on branches abandoned by edits or rewinds. */
  droppedCount: number;
  /** Later repeats of a uuid already seen (resumes re-append records); the first copy is kept. */
  duplicateCount: number;
  warnings: ImportIssue[];
}

/** What the walk needs to know about the file besides its records. */
export interface BranchOptions {
  isSubagentLog: boolean;
  /** 1-based lines that were skipped before the walk (unparsable JSON, unreadable records): a missing parent may be one. */
  skippedLines?: readonly number[];
}

/** Record types that can be the leaf of the conversation. */
const LEAF_TYPES = new Set(['user', 'assistant', 'system', 'attachment']);
/** Record types that carry conversation content and count as dropped when off the active branch. */
const CONTENT_TYPES = new Set(['user', 'assistant', 'attachment']);

/** An issue at a line that says where it is in its own words: neither the page nor the CLI prints `line` beside a message. */
function located(line: number, text: string): ImportIssue {
  return { message: `Line ${line}: ${text}`, line };
}

function messageId(record: Record<string, unknown>): string | undefined {
  return asString(asRecord(record.message)?.id);
}

function contentBlocks(record: Record<string, unknown>): Record<string, unknown>[] {
  return (asArray(asRecord(record.message)?.content) ?? []).map(asRecord).filter((block) => block !== undefined);
}

/**
 * Picks the active branch of an append-only Claude Code DAG. Walks back from the last leaf through `parentUuid`,
 * and through `logicalParentUuid` at a compact boundary so pre-compaction history stays in. Claude Code chains
 * the lines of one API response one after another and hangs each tool result under the line holding its call,
 * so parallel tool calls look like branches: sibling lines of an on-branch response (same `message.id`) and
 * the results answering its calls are put back. Everything else off the walk is a real edit/rewind branch.
 * Sidechain lines of a main file are not walked; they are all kept and flagged by the caller. A subagent log
 * (every line a sidechain) is walked like a main file. Damage never cuts the history above it: a parent missing
 * because a line above could not be read, a `parentUuid` that is no uuid, and a line without a parent that cannot
 * open a conversation (a response, a tool result), and a parent that is simply not in the file are each bridged to a
 * line before it in file order, and a tool result whose call was on a skipped line is kept as an orphan; each says so
 * in a located warning. Lines are left out as an abandoned branch only when a later branch replaced them.
 */
export function selectActiveBranch(lines: readonly ClaudeCodeLine[], options: BranchOptions): BranchSelection {
  const warnings: ImportIssue[] = [];
  const skippedLines = [...(options.skippedLines ?? [])].sort((first, second) => first - second);
  const firstByUuid = new Map<string, ClaudeCodeLine>();
  const unique: ClaudeCodeLine[] = [];
  let duplicateCount = 0;
  for (const entry of lines) {
    const uuid = asString(entry.record.uuid);
    // The caller has already reported a message line without a uuid as skipped; housekeeping lines need none.
    if (uuid === undefined) continue;
    if (firstByUuid.has(uuid)) {
      duplicateCount += 1;
      continue;
    }
    firstByUuid.set(uuid, entry);
    unique.push(entry);
  }
  const isMain = (entry: ClaudeCodeLine): boolean => options.isSubagentLog || entry.record.isSidechain !== true;
  const mainLines = unique.filter(isMain);

  const selected = new Set<ClaudeCodeLine>();
  const walkedDamage = new Set<ClaudeCodeLine>();
  let root: ClaudeCodeLine | undefined;
  let current = [...mainLines].reverse().find((entry) => LEAF_TYPES.has(String(entry.record.type)));
  while (current && !selected.has(current)) {
    selected.add(current);
    const step = stepToParent(current, { mainLines, firstByUuid, skippedLines });
    if (step.warning !== undefined) warnings.push(located(current.line, step.warning));
    if (step.isRoot) root = current;
    if (readParentLink(current.record).kind === 'damaged') walkedDamage.add(current);
    current = step.next;
  }

  const responseIds = new Set<string>();
  for (const entry of selected) {
    const id = entry.record.type === 'assistant' ? messageId(entry.record) : undefined;
    if (id !== undefined) responseIds.add(id);
  }
  for (const entry of mainLines) {
    const id = entry.record.type === 'assistant' ? messageId(entry.record) : undefined;
    if (id !== undefined && responseIds.has(id)) selected.add(entry);
  }
  const skippedParentLine = (entry: ClaudeCodeLine): number | undefined => {
    const link = readParentLink(entry.record);
    const isLost = link.kind === 'damaged' || (link.kind === 'uuid' && !firstByUuid.has(link.uuid));
    return isLost ? nearestSkippedLine(skippedLines, entry.line) : undefined;
  };
  warnings.push(...rescueToolResults(mainLines, selected, skippedParentLine));

  for (const entry of mainLines) {
    const link = readParentLink(entry.record);
    if (link.kind !== 'damaged' || walkedDamage.has(entry)) continue;
    warnings.push(located(entry.line, `parentUuid is ${describeNonUuid(link.value)}, not a uuid; ignored.`));
  }
  const dropped = mainLines.filter((entry) => !selected.has(entry) && CONTENT_TYPES.has(String(entry.record.type)));
  const rootLine = root?.line ?? 0;
  const droppedAbove = dropped.filter((entry) => entry.line < rootLine).length;
  if (droppedAbove > 0) {
    warnings.push(located(
      rootLine,
      `no parent (parentUuid null), so the conversation starts afresh here; the ${droppedAbove} message line(s) above it are taken for an earlier branch (an edit of the first prompt) and left out.`,
    ));
  }
  const kept = unique.filter((entry) => selected.has(entry) || !isMain(entry));
  return { lines: kept, droppedCount: dropped.length, duplicateCount, warnings };
}

/** What the walk knows besides the line it stands on. */
interface WalkContext {
  mainLines: readonly ClaudeCodeLine[];
  firstByUuid: ReadonlyMap<string, ClaudeCodeLine>;
  skippedLines: readonly number[];
}

/** One step of the walk: the line to go to next (none at a start), whether `current` is a true root, and why when it is not plain. */
function stepToParent(current: ClaudeCodeLine, context: WalkContext): { next?: ClaudeCodeLine; isRoot?: boolean; warning?: string } {
  const link = readParentLink(current.record);
  if (link.kind === 'uuid' && context.firstByUuid.has(link.uuid)) return { next: context.firstByUuid.get(link.uuid) };
  const logicalParentUuid = link.kind === 'root' ? asString(current.record.logicalParentUuid) : undefined;
  if (logicalParentUuid !== undefined && context.firstByUuid.has(logicalParentUuid)) return { next: context.firstByUuid.get(logicalParentUuid) };
  // Only the steps below leave the parent links, so only they look for the line before in file order.
  const previous = previousMessageLine(context.mainLines, current.line);
  const joined = previous ? `joined to line ${previous.line}, the message line before it in file order.` : 'no message line comes before it.';
  if (link.kind === 'damaged') {
    return { next: previous, warning: `parentUuid is ${describeNonUuid(link.value)}, not a uuid; ${joined}` };
  }
  if (logicalParentUuid !== undefined) {
    // The pre-compaction records may live in another file; fall back on file order so lines above stay in.
    return {
      next: previous,
      warning: `compact boundary points to ${quotedId(logicalParentUuid)}, which is not in this file; history before it is taken in file order.`,
    };
  }
  if (link.kind === 'root') {
    if (canStartConversation(current.record) || !previous) return { isRoot: true };
    return { next: previous, warning: `no parent (parentUuid null), which only a prompt may lack; ${joined}` };
  }
  const bridge = bridgeOverSkippedLine(context.mainLines, current, link.uuid, context.skippedLines);
  if (bridge) return { next: bridge.target, warning: bridge.message };
  // A parent lost without a trace (a line deleted, or written by a process that crashed) is no edit: the lines above
  // were not replaced by anything, so they stay in, joined in file order. Only a first line may point out of the file
  // (a session resumed from another one).
  if (previous) return { next: previous, warning: `parent ${quotedId(link.uuid)} is not in this file; ${joined}` };
  return { warning: `parent ${quotedId(link.uuid)} is not in this file; the conversation starts here.` };
}

/** The nearest skipped line above `line`, if any (`sortedSkippedLines` ascending, so a damaged file stays fast). */
function nearestSkippedLine(sortedSkippedLines: readonly number[], line: number): number | undefined {
  return sortedSkippedLines[countBelow(sortedSkippedLines, (skipped) => skipped < line) - 1];
}

/** How many leading entries of `sorted` satisfy `isBelow` (true for a prefix, then false): a binary search. */
function countBelow<T>(sorted: readonly T[], isBelow: (entry: T) => boolean): number {
  let low = 0;
  let high = sorted.length;
  while (low < high) {
    const middle = (low + high) >>> 1;
    if (isBelow(sorted[middle])) low = middle + 1;
    else high = middle;
  }
  return low;
}

/** The last line above `line` in file order that may carry a message (`mainLines` is in file order). */
function previousMessageLine(mainLines: readonly ClaudeCodeLine[], line: number): ClaudeCodeLine | undefined {
  for (let index = countBelow(mainLines, (entry) => entry.line < line) - 1; index >= 0; index -= 1) {
    if (LEAF_TYPES.has(String(mainLines[index].record.type))) return mainLines[index];
  }
  return undefined;
}

/**
 * A parent that is not in the file, with a skipped line above `current`: the nearest skipped line is taken for the
 * parent (a line usually hangs under one close above it, though parallel tool results may sit a few lines further
 * down), and the walk goes on from the message line just before it. The warning names the lines involved.
 */
function bridgeOverSkippedLine(
  mainLines: readonly ClaudeCodeLine[],
  current: ClaudeCodeLine,
  parentUuid: string,
  skippedLines: readonly number[],
): { target: ClaudeCodeLine; message: string } | undefined {
  const skipped = nearestSkippedLine(skippedLines, current.line);
  if (skipped === undefined) return undefined;
  const target = previousMessageLine(mainLines, skipped);
  if (!target) return undefined;
  return {
    target,
    message: `parent ${quotedId(parentUuid)} is missing, most likely line ${skipped}, which was skipped; joined to line ${target.line}, the message line before it in file order.`,
  };
}

/**
 * Adds off-walk user lines made only of tool results that answer a selected, still unanswered call. Calls and results
 * are counted per id, so a call whose id an earlier call already used still gets its own result. A result line whose
 * parent was lost with a skipped line (`skippedParentLine`) and whose call is on no readable line is kept too, as an
 * orphan: its call was on the skipped line, so it is no abandoned branch. Returns a warning per orphan line.
 */
function rescueToolResults(
  mainLines: readonly ClaudeCodeLine[],
  selected: Set<ClaudeCodeLine>,
  skippedParentLine: (entry: ClaudeCodeLine) => number | undefined,
): ImportIssue[] {
  const callCounts = new Map<string, number>();
  const answeredCounts = new Map<string, number>();
  const readableCalls = new Set<string>();
  const bump = (counts: Map<string, number>, id: string): void => {
    counts.set(id, (counts.get(id) ?? 0) + 1);
  };
  for (const entry of mainLines) {
    for (const block of contentBlocks(entry.record)) {
      if (block.type === 'tool_use' && typeof block.id === 'string') readableCalls.add(block.id);
    }
  }
  for (const entry of selected) {
    for (const block of contentBlocks(entry.record)) {
      if (block.type === 'tool_use' && typeof block.id === 'string') bump(callCounts, block.id);
      if (block.type === 'tool_result' && typeof block.tool_use_id === 'string') bump(answeredCounts, block.tool_use_id);
    }
  }
  const isWaiting = (id: string | undefined): boolean => id !== undefined && (callCounts.get(id) ?? 0) > (answeredCounts.get(id) ?? 0);
  const isLost = (id: string | undefined): boolean => id !== undefined && !readableCalls.has(id);
  const warnings: ImportIssue[] = [];
  for (const entry of mainLines) {
    if (selected.has(entry) || entry.record.type !== 'user') continue;
    const blocks = contentBlocks(entry.record);
    const resultIds = blocks.map((block) => (block.type === 'tool_result' ? asString(block.tool_use_id) : undefined));
    if (blocks.length === 0 || !resultIds.every((id) => isWaiting(id) || isLost(id))) continue;
    const lost = resultIds.filter((id) => !isWaiting(id)).map(String);
    const skipped = lost.length > 0 ? skippedParentLine(entry) : undefined;
    if (lost.length > 0 && skipped === undefined) continue;
    selected.add(entry);
    for (const id of resultIds) if (id !== undefined) bump(answeredCounts, id);
    if (skipped !== undefined) {
      warnings.push(located(entry.line, `tool result for ${lost.join(', ')} kept as an orphan: its call was on skipped line ${skipped}.`));
    }
  }
  return warnings;
}
