import type { Block, CompactionMarker, Message, Origin, Role } from '../../transcript/model';
import type { ImportIssue } from '../import-report';
import { imageFromUrl } from '../image-blocks';
import { CallIdRegistry, MessageIdAllocator } from '../unique-ids';
import { asArray, asRecord, asString, duplicateIdWarning, stringify, toolArguments } from '../shared';

/** Responses items in canonical form. */
export interface ResponsesConversation {
  system?: Message;
  messages: Message[];
  markers: CompactionMarker[];
  errors: ImportIssue[];
  warnings: ImportIssue[];
}

/** One item with where it came from (`input[3]`, `output[0]`, `[5]`). */
export interface LocatedItem {
  value: unknown;
  path: string;
  index: number;
}

/** Message content (string or parts) as blocks; files and unknown parts become placeholders. */
function contentBlocks(content: unknown): Block[] {
  if (typeof content === 'string') return content === '' ? [] : [{ kind: 'text', text: content }];
  return (asArray(content) ?? []).map((value): Block => {
    const part = asRecord(value) ?? {};
    const type = asString(part.type) ?? 'unknown';
    if (type === 'refusal') return { kind: 'text', text: asString(part.refusal) ?? '' };
    if (type === 'input_image') {
      const url = asString(part.image_url);
      return url !== undefined ? imageFromUrl(url) : { kind: 'image', source: `file:${asString(part.file_id) ?? ''}` };
    }
    const text = asString(part.text);
    if (text !== undefined) return { kind: 'text', text };
    if (type === 'input_file') return { kind: 'text', text: `[file: ${asString(part.filename) ?? asString(part.file_id) ?? 'inline'}]` };
    return { kind: 'text', text: `[${type} part]` };
  });
}

/** Text of a function call output: a string, or input_text parts joined. */
function outputText(output: unknown): string {
  if (typeof output === 'string') return output;
  const parts = asArray(output);
  if (!parts) return stringify(output);
  return parts.map((part) => asString(asRecord(part)?.text) ?? `[${asString(asRecord(part)?.type) ?? 'unknown'} part]`).join('\n');
}

function reasoningBlock(item: Record<string, unknown>): Block {
  const texts = [...(asArray(item.summary) ?? []), ...(asArray(item.content) ?? [])]
    .map((part) => asString(asRecord(part)?.text) ?? '')
    .filter((text) => text !== '');
  const encrypted = asString(item.encrypted_content);
  return {
    kind: 'thinking',
    text: texts.join('\n\n'),
    ...(texts.length === 0 ? { isRedacted: true } : {}),
    ...(encrypted !== undefined ? { signature: encrypted } : {}),
  };
}

/**
 * Converts Responses items. Consecutive model output items (reasoning, assistant message, function calls) form one
 * assistant message, as they come from one model turn; each `*_call_output` is a tool message linked by `call_id`
 * (never the item `id`). A compaction item is opaque: it becomes a marker with no summary message.
 */
export function readResponsesItems(items: readonly LocatedItem[], hasSystem: boolean): ResponsesConversation {
  const conversation: ResponsesConversation = { messages: [], markers: [], errors: [], warnings: [] };
  const messageIds = new MessageIdAllocator();
  // A call_id used by two calls keeps them apart: the later call gets a suffix, each output links to one call.
  const callIds = new CallIdRegistry();
  let turn: { message: Message; raws: unknown[] } | undefined;
  const create = (located: LocatedItem, role: Role, origin: Origin, blocks: Block[]): Message => {
    const sourceId = asString(asRecord(located.value)?.id);
    const { id, isDuplicate } = messageIds.allocateWithFallback(sourceId, `item-${located.index}`);
    if (isDuplicate) conversation.warnings.push({ message: duplicateIdWarning('item', sourceId, id), path: `${located.path}.id` });
    return { id, role, origin, blocks, sourceRef: { index: located.index }, raw: located.value };
  };
  const modelBlocks = (located: LocatedItem): Block[] => {
    if (!turn) {
      turn = { message: create(located, 'assistant', 'model', []), raws: [] };
      conversation.messages.push(turn.message);
    }
    turn.raws.push(located.value);
    turn.message.raw = turn.raws.length === 1 ? turn.raws[0] : turn.raws;
    return turn.message.blocks;
  };

  for (const located of items) {
    const item = asRecord(located.value);
    if (!item) {
      conversation.errors.push({ message: 'item is not an object; skipped', path: located.path });
      continue;
    }
    const type = asString(item.type) ?? (item.role !== undefined ? 'message' : 'unknown');
    const role = asString(item.role);
    if (type === 'message' && role === 'assistant') {
      modelBlocks(located).push(...contentBlocks(item.content));
    } else if (type === 'reasoning') {
      modelBlocks(located).push(reasoningBlock(item));
    } else if (type.endsWith('_call') && (item.call_id !== undefined || item.id !== undefined)) {
      let callId = asString(item.call_id);
      if (callId === undefined) {
        if (type === 'web_search_call' || type.startsWith('file_search') || type.startsWith('image_generation')) {
          modelBlocks(located).push({ kind: 'text', text: `[${type}: ${stringify(item.action ?? item.queries ?? item.status)}]` });
          continue;
        }
        callId = stringify(item.id);
        conversation.warnings.push({ message: `${type} has no call_id; its item id links it`, path: located.path });
      }
      const argumentsValue = item.arguments ?? item.input ?? item.action;
      callId = callIds.call(callId, { path: located.path });
      modelBlocks(located).push({ kind: 'tool_call', callId, name: asString(item.name) ?? type.replace(/_call$/, ''), ...toolArguments(argumentsValue) });
    } else if (type.endsWith('_call_output')) {
      turn = undefined;
      const sourceId = asString(item.call_id);
      let callId = sourceId !== undefined ? callIds.result(sourceId) : undefined;
      if (callId === undefined) {
        callId = `unlinked-output-${located.index}`;
        conversation.warnings.push({ message: `${type} has no call_id; named ${callId}, reported as an orphan`, path: located.path });
      }
      const isError = item.status === 'failed' || item.status === 'incomplete';
      conversation.messages.push(create(located, 'tool', 'tool', [{ kind: 'tool_result', callId, content: outputText(item.output), isError }]));
    } else if (type === 'compaction' || type === 'compaction_summary') {
      turn = undefined;
      conversation.markers.push({ atIndex: conversation.messages.length, kind: 'compaction', isOpaque: true });
    } else if (type === 'message') {
      turn = undefined;
      const isSystem = role === 'system' || role === 'developer';
      const message = create(located, isSystem ? 'system' : 'user', isSystem ? 'injected' : 'human', contentBlocks(item.content));
      if (isSystem && !hasSystem && !conversation.system && conversation.messages.length === 0) conversation.system = message;
      else conversation.messages.push(message);
      if (!isSystem && role !== 'user') conversation.warnings.push({ message: `unknown role "${role ?? ''}"; read as user`, path: `${located.path}.role` });
    } else {
      conversation.warnings.push({ message: `item type "${type}" is not part of the conversation; skipped`, path: located.path });
    }
  }
  conversation.warnings.push(...callIds.reuseWarnings());
  return conversation;
}
