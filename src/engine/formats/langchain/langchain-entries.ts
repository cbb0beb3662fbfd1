import { asArray, asRecord, asString, describeValue } from '../shared';

/** A LangChain message reduced to its kind (`human`, `ai`, …) and its fields, whatever way it was serialized. */
export interface LangChainEntry {
  kind: string;
  data: Record<string, unknown>;
}

const CLASS_KINDS: Record<string, string> = {
  HumanMessage: 'human', AIMessage: 'ai', SystemMessage: 'system', ToolMessage: 'tool', FunctionMessage: 'function', ChatMessage: 'chat', RemoveMessage: 'remove',
};
const DICT_KINDS = new Set(['human', 'ai', 'system', 'tool', 'function', 'chat', 'remove', 'developer']);

/** Undoes LangChain's escaping of user dicts that contain an `lc` key (`{"__lc_escaped__": …}`), at any depth. */
export function unescapeLangChain(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(unescapeLangChain);
  const record = asRecord(value);
  if (!record) return value;
  const keys = Object.keys(record);
  if (keys.length === 1 && keys[0] === '__lc_escaped__') return record.__lc_escaped__;
  return Object.fromEntries(keys.map((key) => [key, unescapeLangChain(record[key])]));
}

/** The message class a serialized constructor names (`…messages.AIMessage`, `AIMessageChunk`), as a kind. */
function kindOfClass(id: unknown): string | undefined {
  const path = asArray(id);
  const className = asString(path?.[path.length - 1]);
  return className ? CLASS_KINDS[className.replace(/Chunk$/, '')] : undefined;
}

/** True for a serialized constructor (`{lc:1, type:'constructor', id, kwargs}`) of a message class. */
export function isSerializedMessage(value: unknown): boolean {
  const record = asRecord(value);
  return record?.lc === 1 && record.type === 'constructor' && kindOfClass(record.id) !== undefined;
}

/** True for a `messages_to_dict` entry (`{type:'human'|'ai'|…, data:{…}}`). */
export function isMessageDict(value: unknown): boolean {
  const record = asRecord(value);
  const type = asString(record?.type)?.toLowerCase().replace(/messagechunk$/, '');
  return type !== undefined && DICT_KINDS.has(type) && asRecord(record?.data) !== undefined;
}

/** Either serialization as an entry; undefined for anything else. */
export function toLangChainEntry(value: unknown): LangChainEntry | undefined {
  const record = asRecord(value);
  if (!record) return undefined;
  if (isSerializedMessage(record)) {
    return { kind: kindOfClass(record.id) ?? 'unknown', data: asRecord(unescapeLangChain(record.kwargs)) ?? {} };
  }
  if (isMessageDict(record)) {
    const kind = (asString(record.type) ?? '').toLowerCase().replace(/messagechunk$/, '');
    return { kind, data: asRecord(unescapeLangChain(record.data)) ?? {} };
  }
  return undefined;
}

/**
 * Why a value is no LangChain message, naming the damaged field (`type`, `id`) when the record is shaped like one;
 * undefined when it is one.
 */
export function notAnEntryReason(value: unknown): { message: string; field?: string } | undefined {
  const record = asRecord(value);
  if (!record) return { message: 'not a LangChain message; skipped' };
  if (isSerializedMessage(record) || isMessageDict(record)) return undefined;
  if (record.lc === 1 && asRecord(record.kwargs) !== undefined) {
    if (record.type !== 'constructor') return { message: `type is ${describeValue(record.type)}, not "constructor"; message skipped`, field: 'type' };
    return { message: `class is ${describeValue(asArray(record.id)?.at(-1) ?? record.id)}, not a message class; message skipped`, field: 'id' };
  }
  if (Object.hasOwn(record, 'type') && asRecord(record.data) !== undefined) {
    return { message: `type is ${describeValue(record.type)}, not a message type; message skipped`, field: 'type' };
  }
  return { message: 'not a LangChain message; skipped' };
}
