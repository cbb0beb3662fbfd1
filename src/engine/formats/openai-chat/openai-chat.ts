import type { Transcript } from '../../transcript/model';
import type { ImportIssue } from '../import-report';
import type { ImportContext, Importer, ImporterOutput } from '../importer';
import type { ParsedDocument } from '../parse-document';
import { CHAT_ROLES, readChatMessages, type ChatListLocation } from './openai-chat-messages';
import { loggedUsageFrom } from '../usage';
import { isClearlyOwnList, type EntryShape } from '../entry-shape';
import { asArray, asRecord, asString } from '../shared';

/** Block types that belong to Anthropic or the Responses API: a list holding them is not Chat Completions. */
const FOREIGN_PART_TYPES = new Set([
  'tool_use', 'tool_result', 'thinking', 'redacted_thinking', 'server_tool_use', 'web_search_tool_result',
  'document', 'input_text', 'output_text', 'input_image', 'compaction',
]);
/** Top-level keys of formats that embed chat-shaped messages but are read by their own importers. */
const FOREIGN_KEYS = [
  'trajectory', 'history', 'samples', 'trajectory_format', 'eval', 'contents', 'systemInstruction',
  'sessionId', 'parentUuid', 'projectHash', 'lc', 'conversations', 'instance_id', 'payload',
];

/** A message of this format; a role-carrying record with a damaged role; or another format's record (type, parts, blocks). */
function chatMessageShape(record: Record<string, unknown>): EntryShape {
  if (record.type !== undefined || record.parts !== undefined) return 'foreign';
  const parts = asArray(record.content) ?? [];
  const hasForeignPart = parts.some((part) => {
    const block = asRecord(part);
    const type = asString(block?.type) ?? '';
    return FOREIGN_PART_TYPES.has(type) || (type === 'image' && block?.source !== undefined);
  });
  if (hasForeignPart) return 'foreign';
  // A part that is neither text nor an object (`[1]`, `[[]]`, `[null]`) damages its message, which the reader keeps
  // without that part: it no more makes the list another format's than a damaged role does.
  const hasOddPart = parts.some((part) => typeof part !== 'string' && asRecord(part) === undefined);
  if (CHAT_ROLES.has(asString(record.role) ?? '')) return hasOddPart ? 'damaged' : 'own';
  return Object.hasOwn(record, 'role') ? 'damaged' : 'foreign';
}

function isChatMessage(entry: unknown): boolean {
  const record = asRecord(entry);
  return record !== undefined && chatMessageShape(record) === 'own';
}

/**
 * True for an array of Chat Completions messages: among its first 50 objects, at least one message, none of another
 * format, and few with a damaged role (see `isClearlyOwnList`).
 */
function isChatMessageList(value: unknown): boolean {
  return isClearlyOwnList(asArray(value) ?? [], 50, chatMessageShape);
}

function isChatContainer(value: unknown): boolean {
  const record = asRecord(value);
  return record !== undefined && containerShape(record) === 'own';
}

/**
 * A JSONL line holding one conversation (`{messages}`): its own when its list is clearly Chat Completions messages,
 * damaged when its list is not (the reader skips each entry it cannot read, located), foreign with another format's keys.
 */
function containerShape(record: Record<string, unknown>): EntryShape {
  if (FOREIGN_KEYS.some((key) => record[key] !== undefined) || record.system !== undefined) return 'foreign';
  if (isChatMessageList(record.messages)) return 'own';
  return Array.isArray(record.messages) ? 'damaged' : 'foreign';
}

/** One conversation found in the input, before conversion. */
interface ChatRun {
  list: unknown[];
  location: ChatListLocation;
  runLabel?: string;
  model?: string;
  sourceId?: string;
}

/**
 * Appends the reply of a logged request/response pair (`choices[0].message`), which carries the call's usage and,
 * on the choice, its `finish_reason`.
 */
function withReply(container: Record<string, unknown>): unknown[] {
  const list = [...(asArray(container.messages) ?? [])];
  const choice = asRecord(asArray(container.choices)?.[0]);
  const reply = asRecord(choice?.message);
  if (!reply) return list;
  const additions = {
    ...(container.usage !== undefined ? { usage: container.usage } : {}),
    ...(choice?.finish_reason !== undefined && reply.finish_reason === undefined ? { finish_reason: choice.finish_reason } : {}),
  };
  list.push(Object.keys(additions).length > 0 ? { ...reply, ...additions } : reply);
  return list;
}

function findRuns(parsed: ParsedDocument, warnings: ImportIssue[]): ChatRun[] {
  if (parsed.kind === 'json') {
    if (Array.isArray(parsed.value)) return [{ list: parsed.value, location: { path: '' } }];
    const container = asRecord(parsed.value) ?? {};
    return [{ list: withReply(container), location: { path: 'messages' }, model: asString(container.model), sourceId: asString(container.id) }];
  }
  if (parsed.kind !== 'jsonl') return [];
  const records = parsed.records;
  // One message per line, unless a line holds a whole conversation; a line that is not an object is skipped either way.
  if (!records.some((record) => isChatContainer(record.value)) && records.some((record) => isChatMessage(record.value))) {
    return [{ list: records.map((record) => record.value), location: { path: '', lineOf: (index) => records[index].line } }];
  }
  const runs: ChatRun[] = [];
  for (const record of records) {
    const container = asRecord(record.value);
    if (!container || !Array.isArray(container.messages)) {
      warnings.push({ message: 'line has no "messages" array; skipped', line: record.line });
      continue;
    }
    runs.push({
      list: withReply(container),
      location: { path: 'messages', lineOf: () => record.line },
      runLabel: `line ${record.line}`,
      model: asString(container.model),
      sourceId: asString(container.id),
    });
  }
  return runs;
}

/**
 * OpenAI Chat Completions messages: a bare array, `{messages: […]}` (a request, optionally with its `choices`
 * reply), or JSONL with one `{messages}` conversation per line (several runs, one per line).
 */
export const openaiChatImporter: Importer = {
  id: 'openai-chat',
  label: 'OpenAI Chat Completions messages',
  detect(parsed: ParsedDocument): boolean {
    if (parsed.kind === 'json') return isChatMessageList(parsed.value) || isChatContainer(parsed.value);
    if (parsed.kind !== 'jsonl' || parsed.records.length === 0) return false;
    const head = parsed.records.slice(0, 5).map((record) => record.value);
    return isClearlyOwnList(head, 5, containerShape) || isClearlyOwnList(head, 5, chatMessageShape);
  },
  read(parsed: ParsedDocument, context: ImportContext): ImporterOutput {
    const output: ImporterOutput = { transcripts: [], errors: [], warnings: [] };
    const runs = findRuns(parsed, output.warnings);
    if (runs.length === 0) output.errors.push({ message: 'no Chat Completions messages found' });
    for (const run of runs) {
      const conversation = readChatMessages(run.list, run.location);
      output.errors.push(...conversation.errors);
      output.warnings.push(...conversation.warnings);
      const loggedUsage = loggedUsageFrom(
        conversation.messages,
        'sum of logged assistant usage; context = prompt_tokens (cached tokens included) of the last call',
      );
      const baseId = run.sourceId ?? `openai-chat:${context.fileName ?? 'input'}`;
      const transcript: Transcript = {
        id: run.runLabel ? `${baseId}#${run.runLabel}` : baseId,
        source: { format: 'openai-chat', fileName: context.fileName, ...(run.runLabel ? { runLabel: run.runLabel } : {}) },
        messages: conversation.messages,
        markers: [],
        meta: {
          ...(run.model ? { model: run.model } : {}),
          ...(loggedUsage ? { loggedUsage } : {}),
        },
      };
      if (conversation.system) transcript.system = conversation.system;
      output.transcripts.push(transcript);
    }
    return output;
  },
};
