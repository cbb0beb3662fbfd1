import type { Transcript } from '../transcript/model';
import type { ImportIssue } from './import-report';
import type { ImportContext, Importer, ImporterOutput } from './importer';
import type { ParsedDocument } from './parse-document';
import { readChatMessages, type ChatListLocation } from './openai-chat-messages';
import { loggedUsageFrom } from './usage';
import { asArray, asRecord, asString, objectsAmong } from './shared';

const CHAT_ROLES = new Set(['system', 'developer', 'user', 'assistant', 'tool', 'function']);
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

function isChatMessage(entry: unknown): boolean {
  const record = asRecord(entry);
  if (!record || !CHAT_ROLES.has(asString(record.role) ?? '')) return false;
  if (record.type !== undefined || record.parts !== undefined) return false;
  const parts = asArray(record.content) ?? [];
  return parts.every((part) => {
    const block = asRecord(part);
    if (!block) return typeof part === 'string';
    const type = asString(block.type) ?? '';
    return !FOREIGN_PART_TYPES.has(type) && !(type === 'image' && block.source !== undefined);
  });
}

/** True for a non-empty array of Chat Completions messages (the first 50 are checked). */
export function isChatMessageList(value: unknown): boolean {
  const entries = objectsAmong(asArray(value) ?? [], 50);
  return entries.length > 0 && entries.every(isChatMessage);
}

function isChatContainer(value: unknown): boolean {
  const record = asRecord(value);
  if (!record || FOREIGN_KEYS.some((key) => record[key] !== undefined)) return false;
  if (record.system !== undefined) return false;
  return isChatMessageList(record.messages);
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
    const head = objectsAmong(parsed.records.slice(0, 5).map((record) => record.value), 5);
    return head.length > 0 && (head.every(isChatContainer) || head.every(isChatMessage));
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
