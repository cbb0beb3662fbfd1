import type { Message, Transcript } from '../../transcript/model';
import type { ImportContext, Importer, ImporterOutput } from '../importer';
import type { ParsedDocument } from '../parse-document';
import { ANTHROPIC_ONLY_BLOCK_TYPES } from './anthropic-messages-blocks';
import { readAnthropicMessages } from './anthropic-messages-read';
import { isClearlyOwnList, type EntryShape } from '../entry-shape';
import { loggedUsageFrom } from '../usage';
import { asArray, asRecord, asString, objectsAmong } from '../shared';

/** Top-level keys of formats that embed Anthropic-shaped messages but are read by their own importers. */
const FOREIGN_KEYS = ['trajectory', 'history', 'samples', 'eval', 'contents', 'sessionId', 'parentUuid', 'projectHash', 'lc', 'payload'];

/** Roles other formats give their messages: a list holding one is not an Anthropic conversation. */
const FOREIGN_ROLES = new Set(['system', 'developer', 'tool', 'function', 'model']);

/** A user/assistant message; a record with a damaged role (skipped when read); or another format's message. */
function anthropicShape(entry: Record<string, unknown>): EntryShape {
  const role = asString(entry.role);
  if (role === 'user' || role === 'assistant') return 'own';
  if (role !== undefined && FOREIGN_ROLES.has(role)) return 'foreign';
  return Object.hasOwn(entry, 'role') ? 'damaged' : 'foreign';
}

/** Among the first 50 objects: user/assistant messages, at most a few with a damaged role (see `isClearlyOwnList`). */
function hasOnlyConversationRoles(list: readonly unknown[]): boolean {
  return isClearlyOwnList(list, 50, anthropicShape);
}

function hasAnthropicBlock(list: readonly unknown[]): boolean {
  return list.slice(0, 50).some((entry) =>
    (asArray(asRecord(entry)?.content) ?? []).some((part) => {
      const block = asRecord(part);
      const type = asString(block?.type) ?? '';
      return ANTHROPIC_ONLY_BLOCK_TYPES.has(type) || (type === 'image' && asRecord(block?.source) !== undefined);
    }),
  );
}

function hasBlockShapedContent(list: readonly unknown[]): boolean {
  return objectsAmong(list, 50).every((entry) => {
    const content = entry.content;
    return typeof content === 'string' || (asArray(content) ?? []).every((part) => asString(asRecord(part)?.type) !== undefined);
  });
}

function isAnthropicRequest(value: unknown): boolean {
  const record = asRecord(value);
  if (!record || FOREIGN_KEYS.some((key) => record[key] !== undefined)) return false;
  const messages = asArray(record.messages);
  if (!messages || messages.length === 0 || !hasOnlyConversationRoles(messages)) return false;
  return hasAnthropicBlock(messages) || (record.system !== undefined && hasBlockShapedContent(messages));
}

function systemMessage(value: unknown): Message | undefined {
  if (value === undefined || value === null) return undefined;
  const texts = typeof value === 'string' ? [value] : (asArray(value) ?? []).map((part) => asString(asRecord(part)?.text) ?? '');
  if (texts.every((text) => text === '')) return undefined;
  return { id: 'system', role: 'system', origin: 'injected', blocks: texts.map((text) => ({ kind: 'text', text })), sourceRef: {}, raw: value };
}

/**
 * Anthropic Messages API conversations: a request body `{system, messages}` or a bare array of `{role, content}`
 * (Cline's api_conversation_history.json). Detection needs Anthropic-only blocks (tool_use, tool_result, thinking, …)
 * or a top-level `system` beside user/assistant messages, so plain text-only chats stay with the OpenAI importer.
 */
export const anthropicMessagesImporter: Importer = {
  id: 'anthropic-messages',
  label: 'Anthropic Messages API conversation',
  detect(parsed: ParsedDocument): boolean {
    if (parsed.kind !== 'json') return false;
    const list = asArray(parsed.value);
    if (list) return hasOnlyConversationRoles(list) && hasAnthropicBlock(list);
    return isAnthropicRequest(parsed.value);
  },
  read(parsed: ParsedDocument, context: ImportContext): ImporterOutput {
    if (parsed.kind !== 'json') return { transcripts: [], errors: [{ message: 'expected one JSON value' }], warnings: [] };
    const container = asRecord(parsed.value);
    const list = asArray(parsed.value) ?? asArray(container?.messages);
    if (!list) return { transcripts: [], errors: [{ message: 'no "messages" array found', path: 'messages' }], warnings: [] };
    const conversation = readAnthropicMessages(list, Array.isArray(parsed.value) ? '' : 'messages');
    const system = systemMessage(container?.system);
    const model = asString(container?.model);
    const loggedUsage = loggedUsageFrom(conversation.messages, 'sum of logged assistant usage; context = input + cache read + cache write of the last call');
    const transcript: Transcript = {
      id: `anthropic-messages:${context.fileName ?? 'input'}`,
      source: { format: 'anthropic-messages', fileName: context.fileName },
      messages: conversation.messages,
      markers: conversation.markers,
      meta: { ...(model ? { model } : {}), ...(loggedUsage ? { loggedUsage } : {}) },
    };
    if (system) transcript.system = system;
    return { transcripts: [transcript], errors: conversation.errors, warnings: conversation.warnings };
  },
};
