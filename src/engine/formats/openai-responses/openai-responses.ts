import type { Message, Transcript } from '../../transcript/model';
import type { ImportContext, Importer, ImporterOutput } from '../importer';
import type { ParsedDocument } from '../parse-document';
import { openAiUsage } from '../openai-usage';
import { loggedUsageFrom, TokenFigures } from '../usage';
import { readResponsesItems, type LocatedItem } from './openai-responses-items';
import { asArray, asRecord, asString } from '../shared';
import { readResponsesStop } from '../stop-reason';

const ITEM_TYPES = new Set([
  'function_call', 'function_call_output', 'custom_tool_call', 'custom_tool_call_output', 'reasoning', 'compaction',
  'local_shell_call', 'local_shell_call_output', 'web_search_call', 'item_reference',
]);
const FOREIGN_KEYS = ['payload', 'messages', 'contents', 'trajectory', 'history', 'samples', 'lc'];

function isResponsesItem(value: unknown): boolean {
  const item = asRecord(value);
  if (!item) return false;
  const type = asString(item.type) ?? '';
  if (ITEM_TYPES.has(type)) return true;
  if (type !== 'message') return false;
  const parts = asArray(item.content) ?? [];
  return parts.some((part) => /^(input|output)_/.test(asString(asRecord(part)?.type) ?? '') || asString(asRecord(part)?.type) === 'refusal');
}

/** True when the list holds Responses items: typed objects, at least one of a Responses-only type. */
function isItemList(value: unknown): boolean {
  const list = asArray(value);
  if (!list || list.length === 0) return false;
  const head = list.slice(0, 50);
  return head.some(isResponsesItem) && head.every((entry) => asRecord(entry) !== undefined && (asRecord(entry)?.type !== undefined || asRecord(entry)?.role !== undefined));
}

function locate(list: unknown, prefix: string, start: number): LocatedItem[] {
  return (asArray(list) ?? []).map((value, index) => ({ value, path: `${prefix}[${index}]`, index: start + index }));
}

/**
 * OpenAI Responses API items: a bare item array, a request `{instructions?, input}`, a response `{output, usage,
 * status}`, or a logged pair `{input, output}`. Tool outputs link to calls by `call_id`; server compaction items are opaque.
 */
export const openaiResponsesImporter: Importer = {
  id: 'openai-responses',
  label: 'OpenAI Responses API items',
  detect(parsed: ParsedDocument): boolean {
    if (parsed.kind !== 'json') return false;
    if (Array.isArray(parsed.value)) return isItemList(parsed.value);
    const record = asRecord(parsed.value);
    if (!record || FOREIGN_KEYS.some((key) => record[key] !== undefined)) return false;
    return isItemList(record.output) || isItemList(record.input);
  },
  read(parsed: ParsedDocument, context: ImportContext): ImporterOutput {
    if (parsed.kind !== 'json') return { transcripts: [], errors: [{ message: 'expected one JSON value' }], warnings: [] };
    const record = asRecord(parsed.value);
    let items: LocatedItem[];
    if (Array.isArray(parsed.value)) items = locate(parsed.value, '', 0);
    else {
      const input = typeof record?.input === 'string' ? [{ role: 'user', content: record.input }] : record?.input;
      const inputItems = locate(input, 'input', 0);
      items = [...inputItems, ...locate(record?.output, 'output', inputItems.length)];
    }
    const instructions = asString(record?.instructions);
    const conversation = readResponsesItems(items, instructions !== undefined);
    const figures = new TokenFigures();
    const usage = openAiUsage(record?.usage, figures);
    conversation.warnings.push(...figures.issues({ path: 'usage' }));
    const stop = readResponsesStop(record?.status, asRecord(record?.incomplete_details)?.reason);
    const outputCount = (asArray(record?.output) ?? []).length;
    const lastAssistant = outputCount > 0 ? [...conversation.messages].reverse().find((message) => message.role === 'assistant') : undefined;
    // The response's usage and status describe the call that wrote its output: the last assistant turn.
    if (lastAssistant && usage) lastAssistant.usage = usage;
    if (lastAssistant && stop) lastAssistant.stop = stop;
    const system: Message | undefined = instructions !== undefined
      ? { id: 'instructions', role: 'system', origin: 'injected', blocks: [{ kind: 'text', text: instructions }], sourceRef: {}, raw: instructions }
      : conversation.system;
    const loggedUsage = loggedUsageFrom(conversation.messages, 'response usage; context = input_tokens (cached tokens included)');
    const model = asString(record?.model);
    const transcript: Transcript = {
      id: asString(record?.id) ?? `openai-responses:${context.fileName ?? 'input'}`,
      source: { format: 'openai-responses', fileName: context.fileName },
      messages: conversation.messages,
      markers: conversation.markers,
      meta: { ...(model ? { model } : {}), ...(loggedUsage ? { loggedUsage } : {}) },
    };
    if (system) transcript.system = system;
    return { transcripts: [transcript], errors: conversation.errors, warnings: conversation.warnings };
  },
};
