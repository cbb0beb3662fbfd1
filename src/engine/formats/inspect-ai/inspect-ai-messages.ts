import type { Block, Message, Origin, ToolResultBlock } from '../../transcript/model';
import type { ImportIssue } from '../import-report';
import { asArray, asRecord, asString, quotedId, stringify, toolArguments } from '../shared';
import { CallIdRegistry, MessageIdAllocator } from '../unique-ids';
import { imageFromUrl } from '../swe-agent/swe-agent-chat-message';

const ATTACHMENT_PREFIX = 'attachment://';

/**
 * Replaces every `attachment://<hash>` string inside `value` with `attachments[hash]`. Inspect swaps large
 * strings for these keys when it writes a log; a key with no attachment stays as it is and is reported.
 */
export function resolveAttachments(value: unknown, attachments: Record<string, unknown>, missing: Set<string>): unknown {
  if (typeof value === 'string') {
    if (!value.startsWith(ATTACHMENT_PREFIX)) return value;
    const resolved = attachments[value.slice(ATTACHMENT_PREFIX.length)];
    if (typeof resolved === 'string') return resolved;
    missing.add(value);
    return value;
  }
  if (Array.isArray(value)) return value.map((item) => resolveAttachments(item, attachments, missing));
  const record = asRecord(value);
  if (!record) return value;
  return Object.fromEntries(Object.entries(record).map(([key, item]) => [key, resolveAttachments(item, attachments, missing)]));
}

/** Blocks of a ChatMessage `content`: a string, or parts of type text | reasoning | image | … */
function readContent(content: unknown, path: string, warnings: ImportIssue[]): Block[] {
  if (typeof content === 'string') return content === '' ? [] : [{ kind: 'text', text: content }];
  const blocks: Block[] = [];
  (asArray(content) ?? []).forEach((entry, index) => {
    const part = asRecord(entry);
    const type = asString(part?.type);
    if (type === 'text' && typeof part?.text === 'string') {
      blocks.push({ kind: 'text', text: part.text });
    } else if (type === 'reasoning') {
      const isRedacted = part?.redacted === true;
      blocks.push({ kind: 'thinking', text: isRedacted ? '' : (asString(part?.reasoning) ?? ''), isRedacted: isRedacted || undefined, signature: asString(part?.signature) });
    } else if (type === 'image' && typeof part?.image === 'string') {
      blocks.push(imageFromUrl(part.image));
    } else {
      warnings.push({ message: `content part of type "${type ?? 'unknown'}" was not imported (kept in raw)`, path: `${path}[${index}]` });
    }
  });
  return blocks;
}

function toolResult(record: Record<string, unknown>, blocks: Block[], registry: CallIdRegistry, fallbackId: string): Block[] {
  const text = blocks.flatMap((block) => (block.kind === 'text' ? [block.text] : [])).join('\n');
  const error = asRecord(record.error);
  const result: ToolResultBlock = {
    kind: 'tool_result',
    callId: registry.result(asString(record.tool_call_id) ?? fallbackId),
    content: text === '' && error ? (asString(error.message) ?? stringify(error)) : text,
    isError: error !== undefined,
    name: asString(record.function),
  };
  return [result, ...blocks.filter((block) => block.kind !== 'text')];
}

/** One sample's messages in canonical form (the first system message becomes the transcript's system prompt). */
export interface InspectConversion {
  system?: Message;
  messages: Message[];
}

/**
 * Converts a sample's `messages` (attachments already resolved). Tool calls link by `tool_calls[].id` ↔
 * `tool_call_id`. User messages from the sample `input` are `human`; later user turns the solver adds
 * (e.g. "please continue") are `injected`.
 */
export function readInspectMessages(list: unknown[], rawList: unknown[], path: string, warnings: ImportIssue[]): InspectConversion {
  const registry = new CallIdRegistry();
  const messageIds = new MessageIdAllocator();
  const messages: Message[] = [];
  let system: Message | undefined;
  let seenAssistant = false;
  list.forEach((entry, index) => {
    const messagePath = `${path}[${index}]`;
    const record = asRecord(entry);
    if (!record) {
      warnings.push({ message: 'message is not an object; skipped', path: messagePath });
      return;
    }
    const role = asString(record.role);
    const blocks = readContent(record.content, `${messagePath}.content`, warnings);
    const base = { id: messageIds.allocate(asString(record.id) ?? `message-${index}`), sourceRef: { index }, raw: rawList[index] };
    if (role === 'system') {
      const message: Message = { ...base, role: 'system', origin: 'injected', blocks };
      if (system === undefined && messages.length === 0) system = message;
      else messages.push(message);
    } else if (role === 'user') {
      const origin: Origin = record.source === 'input' || !seenAssistant ? 'human' : 'injected';
      messages.push({ ...base, role: 'user', origin, blocks });
    } else if (role === 'assistant') {
      seenAssistant = true;
      (asArray(record.tool_calls) ?? []).forEach((value, callIndex) => {
        const call = asRecord(value);
        let sourceId = asString(call?.id);
        if (sourceId === undefined) {
          sourceId = `inspect-call-${index}-${callIndex}`;
          warnings.push({ message: `tool call has no id; called it ${sourceId}`, path: `${messagePath}.tool_calls[${callIndex}]` });
        }
        const { args, argsRaw } = toolArguments(call?.arguments);
        blocks.push({ kind: 'tool_call', callId: registry.call(sourceId), name: asString(call?.function) ?? 'unknown', args, argsRaw });
      });
      messages.push({ ...base, role: 'assistant', origin: 'model', blocks, model: asString(record.model) });
    } else if (role === 'tool') {
      messages.push({ ...base, role: 'tool', origin: 'tool', blocks: toolResult(record, blocks, registry, `inspect-missing-${index}`) });
    } else {
      warnings.push({ message: `message with role "${role ?? 'missing'}" was not imported`, path: `${messagePath}.role` });
    }
  });
  for (const id of registry.reusedIds) {
    warnings.push({ message: `tool call id ${quotedId(id)} is reused by ${registry.countOf(id)} calls; later ones get the suffix #<n>`, path });
  }
  for (const id of messageIds.duplicateIds) warnings.push({ message: `message id ${quotedId(id)} appears more than once; the repeat got a suffixed id`, path });
  return { system, messages };
}
