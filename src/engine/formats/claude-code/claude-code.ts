import type { LoggedUsage, Message, Transcript } from '../../transcript/model';
import type { ImportIssue } from '../import-report';
import type { Importer, ImportContext, ImporterOutput } from '../importer';
import type { ParsedDocument } from '../parse-document';
import { selectActiveBranch, type ClaudeCodeLine } from './claude-code-branch';
import { describeNonUuid } from './claude-code-links';
import { buildClaudeCodeMessages } from './claude-code-messages';
import { markQueuedMessages, placeQueuedPrompts, readQueuedPrompts } from './claude-code-queue';
import { unlistedClaudeCalls } from './claude-code-unlisted';
import { asRecord, asString } from '../shared';

/** How many leading records `detect` inspects. */
const DETECT_RECORD_LIMIT = 100;

/** Record types that are known not to be messages: housekeeping, skipped without a warning. */
const NON_MESSAGE_TYPES = new Set([
  'progress',
  'file-history-snapshot',
  'queue-operation',
  'summary',
  'custom-title',
  'ai-title',
  'last-prompt',
  'mode',
  'permission-mode',
  'cost-state',
]);
/** Record types that become messages or markers. */
const MESSAGE_TYPES = new Set(['user', 'assistant', 'system', 'attachment']);

function documentRecords(parsed: ParsedDocument): { line: number; value: unknown }[] {
  if (parsed.kind === 'jsonl') return parsed.records;
  // A one-line session parses as plain JSON; it is still a JSONL file of one record.
  if (parsed.kind === 'json' && asRecord(parsed.value)) return [{ line: 1, value: parsed.value }];
  return [];
}

function isSessionRecord(value: unknown): boolean {
  const record = asRecord(value);
  return record !== undefined && typeof record.sessionId === 'string' && ('parentUuid' in record || typeof record.uuid === 'string');
}

function mostCommon(values: readonly string[]): string | undefined {
  const counts = new Map<string, number>();
  for (const value of values) counts.set(value, (counts.get(value) ?? 0) + 1);
  let best: string | undefined;
  for (const [value, count] of counts) if (best === undefined || count > (counts.get(best) ?? 0)) best = value;
  return best;
}

function loggedUsageOf(messages: readonly Message[]): LoggedUsage | undefined {
  const calls = messages.filter((message) => message.role === 'assistant' && !message.isSidechain && message.usage);
  const last = calls.at(-1)?.usage;
  if (!last) return undefined;
  return {
    lastContextTokens: last.contextTokens,
    totalInputTokens: calls.reduce((sum, message) => sum + (message.usage?.contextTokens ?? 0), 0),
    totalOutputTokens: calls.reduce((sum, message) => sum + (message.usage?.outputTokens ?? 0), 0),
    description:
      `Last assistant API call: input + cache write + cache read. Totals sum the same figures over ${calls.length} ` +
      'API calls, each response counted once however many lines it was split over.',
  };
}

function detailsOf(records: readonly Record<string, unknown>[], agentId: string | undefined): Record<string, string> {
  const details: Record<string, string> = {};
  for (const key of ['sessionId', 'cwd', 'version', 'gitBranch']) {
    const value = records.map((record) => asString(record[key])).find((found) => found !== undefined);
    if (value !== undefined) details[key] = value;
  }
  if (agentId !== undefined) details.agentId = agentId;
  return details;
}

function readClaudeCode(parsed: ParsedDocument, context: ImportContext): ImporterOutput {
  const warnings: ImportIssue[] = [];
  const errors: ImportIssue[] = [];
  const lines: ClaudeCodeLine[] = [];
  // Readable lines without a uuid of their own: nothing can hang under them, so they are skipped like unparsable ones.
  const unplaced: { line: number; isSidechain: boolean }[] = [];
  const unknownTypes = new Map<string, { count: number; line: number }>();
  let title: string | undefined;
  let customTitle: string | undefined;
  let aiTitle: string | undefined;
  // Lines the walk cannot see: a parent missing because its line is one of these is bridged, not a cut.
  const skippedLines = parsed.kind === 'jsonl' ? parsed.badLines.flatMap((issue) => (issue.line === undefined ? [] : [issue.line])) : [];
  for (const { line, value } of documentRecords(parsed)) {
    const record = asRecord(value);
    const type = asString(record?.type) ?? 'untyped';
    if (!record || (!MESSAGE_TYPES.has(type) && !NON_MESSAGE_TYPES.has(type))) {
      skippedLines.push(line);
      const seen = unknownTypes.get(type) ?? { count: 0, line };
      unknownTypes.set(type, { ...seen, count: seen.count + 1 });
      continue;
    }
    if (typeof record.uuid !== 'string' && (MESSAGE_TYPES.has(type) || 'uuid' in record)) {
      const issue = { line, path: 'uuid' };
      const what = 'uuid' in record ? `Line ${line}: the ${type} record's uuid is ${describeNonUuid(record.uuid)}, not a string` : `Line ${line}: the ${type} record has no uuid`;
      if (MESSAGE_TYPES.has(type)) errors.push({ ...issue, message: `${what}: it cannot be placed in the conversation, so the line is skipped.` });
      else warnings.push({ ...issue, message: `${what}: no line can hang under it, so the record is ignored.` });
      unplaced.push({ line, isSidechain: record.isSidechain === true });
      if (MESSAGE_TYPES.has(type)) continue;
    }
    if (type === 'summary') title = asString(record.summary) ?? title;
    if (type === 'custom-title') customTitle = asString(record.customTitle) ?? customTitle;
    if (type === 'ai-title') aiTitle = asString(record.aiTitle) ?? asString(record.title) ?? aiTitle;
    lines.push({ line, record });
  }
  for (const [type, { count, line }] of unknownTypes) {
    warnings.push({ message: `${count} line(s) of unknown type "${type}" skipped (first at line ${line}).`, line });
  }

  const conversational = lines.filter((entry) => MESSAGE_TYPES.has(String(entry.record.type)));
  const isSubagentLog = conversational.length > 0 && conversational.every((entry) => entry.record.isSidechain === true);
  // A sidechain line of a main file is no parent of a main line, so only main lines can explain a missing parent.
  skippedLines.push(...unplaced.filter((entry) => isSubagentLog || !entry.isSidechain).map((entry) => entry.line));
  const selection = selectActiveBranch(lines, { isSubagentLog, skippedLines });
  warnings.push(...selection.warnings);
  if (selection.droppedCount > 0) {
    warnings.push({ message: `${selection.droppedCount} message line(s) on abandoned branches (edits or rewinds) left out of the main line.` });
  }
  if (selection.duplicateCount > 0) {
    warnings.push({ message: `${selection.duplicateCount} repeated line(s) with an already seen uuid ignored (resumed session).` });
  }
  // What the human typed while the agent worked, where only the queue ledger kept it.
  const queued = readQueuedPrompts(lines);
  const built = buildClaudeCodeMessages(placeQueuedPrompts(selection.lines, queued), { flagSidechain: !isSubagentLog });
  markQueuedMessages(built.messages, queued);
  if (built.unknownBlockTypes.size > 0) {
    warnings.push({ message: `Unknown content block type(s) kept as placeholders: ${[...built.unknownBlockTypes].join(', ')}.` });
  }
  warnings.push(...built.warnings);
  if (conversational.length === 0) return { transcripts: [], errors, warnings };
  const unlisted = unlistedClaudeCalls(lines, selection.lines);
  warnings.push(...unlisted.warnings);

  const records = conversational.map((entry) => entry.record);
  const agentId = isSubagentLog ? records.map((record) => asString(record.agentId)).find((id) => id !== undefined) : undefined;
  const details = detailsOf(records, agentId);
  const models = built.messages
    .filter((message) => message.role === 'assistant' && message.model !== undefined && message.model !== '<synthetic>')
    .map((message) => message.model as string);
  const transcript: Transcript = {
    id: [details.sessionId, agentId].filter((part) => part !== undefined).join(':') || (context.fileName ?? 'claude-code'),
    source: { format: 'claude-code', fileName: context.fileName, runLabel: agentId ? `subagent ${agentId}` : undefined },
    messages: built.messages,
    markers: built.markers,
    meta: {
      model: mostCommon(models),
      title: customTitle ?? aiTitle ?? title,
      loggedUsage: loggedUsageOf(built.messages),
      ...(unlisted.calls.length > 0 ? { unlistedCalls: unlisted.calls } : {}),
      details,
    },
  };
  return { transcripts: [transcript], errors, warnings };
}

/**
 * Claude Code session JSONL (`~/.claude/projects/<slug>/<sessionId>.jsonl`) and subagent logs (`agent-*.jsonl`).
 * Keeps the active branch of the uuid DAG (through compact boundaries), groups split API responses into one
 * message, links tool results by `tool_use_id`, and turns `compact_boundary` lines into compaction markers.
 */
export const claudeCodeImporter: Importer = {
  id: 'claude-code',
  label: 'Claude Code session (JSONL)',
  detect(parsed) {
    return documentRecords(parsed).slice(0, DETECT_RECORD_LIMIT).some((record) => isSessionRecord(record.value));
  },
  read: readClaudeCode,
};
