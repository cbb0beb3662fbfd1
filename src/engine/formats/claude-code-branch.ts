import type { ImportIssue } from './import-report';
import { asArray, asRecord, asString } from './shared';

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
 * (every line a sidechain) is walked like a main file. A parent that is missing because a line above could not be
 * read is bridged to the previous line in file order, so one damaged line never cuts the history before it.
 */
export function selectActiveBranch(lines: readonly ClaudeCodeLine[], options: BranchOptions): BranchSelection {
  const warnings: ImportIssue[] = [];
  const firstByUuid = new Map<string, ClaudeCodeLine>();
  const unique: ClaudeCodeLine[] = [];
  let duplicateCount = 0;
  for (const entry of lines) {
    const uuid = asString(entry.record.uuid);
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
  const leaf = [...mainLines].reverse().find((entry) => LEAF_TYPES.has(String(entry.record.type)));
  let current = leaf;
  while (current && !selected.has(current)) {
    selected.add(current);
    const parentUuid = asString(current.record.parentUuid);
    const logicalParentUuid = parentUuid === undefined ? asString(current.record.logicalParentUuid) : undefined;
    const nextUuid = parentUuid ?? logicalParentUuid;
    if (nextUuid === undefined) break;
    const parent = firstByUuid.get(nextUuid);
    if (parent) {
      current = parent;
      continue;
    }
    if (logicalParentUuid !== undefined) {
      // The pre-compaction records may live in another file; fall back on file order so lines above stay in.
      warnings.push({
        message: `Compact boundary points to ${logicalParentUuid}, which is not in this file; history before it is taken in file order.`,
        line: current.line,
      });
      current = previousMessageLine(mainLines, current.line);
      continue;
    }
    const bridge = bridgeOverSkippedLine(mainLines, current, options.skippedLines ?? []);
    if (bridge) {
      warnings.push({ message: bridge.message, line: current.line });
      current = bridge.target;
      continue;
    }
    warnings.push({ message: `Parent ${nextUuid} is not in this file; the conversation starts here.`, line: current.line });
    break;
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
  rescueToolResults(mainLines, selected);

  const droppedCount = mainLines.filter((entry) => !selected.has(entry) && CONTENT_TYPES.has(String(entry.record.type))).length;
  const kept = unique.filter((entry) => selected.has(entry) || !isMain(entry));
  return { lines: kept, droppedCount, duplicateCount, warnings };
}

/** The last line above `line` in file order that may carry a message. */
function previousMessageLine(mainLines: readonly ClaudeCodeLine[], line: number): ClaudeCodeLine | undefined {
  for (let index = mainLines.length - 1; index >= 0; index -= 1) {
    const entry = mainLines[index];
    if (entry.line < line && LEAF_TYPES.has(String(entry.record.type))) return entry;
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
  skippedLines: readonly number[],
): { target: ClaudeCodeLine; message: string } | undefined {
  const skipped = skippedLines.reduce((nearest, line) => (line < current.line && line > nearest ? line : nearest), 0);
  if (skipped === 0) return undefined;
  const target = previousMessageLine(mainLines, skipped);
  if (!target) return undefined;
  const parentUuid = asString(current.record.parentUuid);
  return {
    target,
    message: `Parent ${parentUuid} is missing, most likely line ${skipped}, which was skipped; joined to line ${target.line}, the message line before it in file order.`,
  };
}

/**
 * Adds off-walk user lines made only of results that answer a selected, still unanswered call. Calls and results are
 * counted per id, so a call whose id an earlier call already used still gets its own result.
 */
function rescueToolResults(mainLines: readonly ClaudeCodeLine[], selected: Set<ClaudeCodeLine>): void {
  const callCounts = new Map<string, number>();
  const answeredCounts = new Map<string, number>();
  const bump = (counts: Map<string, number>, id: string): void => {
    counts.set(id, (counts.get(id) ?? 0) + 1);
  };
  for (const entry of selected) {
    for (const block of contentBlocks(entry.record)) {
      if (block.type === 'tool_use' && typeof block.id === 'string') bump(callCounts, block.id);
      if (block.type === 'tool_result' && typeof block.tool_use_id === 'string') bump(answeredCounts, block.tool_use_id);
    }
  }
  const isWaiting = (id: string | undefined): boolean => id !== undefined && (callCounts.get(id) ?? 0) > (answeredCounts.get(id) ?? 0);
  for (const entry of mainLines) {
    if (selected.has(entry) || entry.record.type !== 'user') continue;
    const blocks = contentBlocks(entry.record);
    const resultIds = blocks.map((block) => (block.type === 'tool_result' ? asString(block.tool_use_id) : undefined));
    if (blocks.length === 0 || !resultIds.every(isWaiting)) continue;
    selected.add(entry);
    for (const id of resultIds) if (id !== undefined) bump(answeredCounts, id);
  }
}
