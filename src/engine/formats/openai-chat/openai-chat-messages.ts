import type { Block, Message, Origin, Role } from '../../transcript/model';
import type { ImportIssue, SourceLocation } from '../import-report';
import { openAiContentBlocks, openAiContentText } from './openai-chat-content';
import { CallIdRegistry, MessageIdAllocator } from '../unique-ids';
import { openAiUsage } from '../openai-usage';
import { TokenFigures } from '../usage';
import { asArray, asRecord, asString, describeValue, duplicateIdWarning, toolArguments } from '../shared';
import { chatCompletionStops, readStop } from '../stop-reason';

/** The Chat Completions roles: a message with any other role is damaged, and skipped with a located error. */
export const CHAT_ROLES: ReadonlySet<string> = new Set(['system', 'developer', 'user', 'assistant', 'tool', 'function']);

/** The messages of one Chat Completions conversation in canonical form. */
export interface ChatConversation {
  system?: Message;
  messages: Message[];
  errors: ImportIssue[];
  warnings: ImportIssue[];
}

/** Where the list sits in the source: a JSON path prefix (`messages`) and, for JSONL, the line of each entry. */
export interface ChatListLocation {
  path: string;
  lineOf?: (index: number) => number;
}

/**
 * Converts a Chat Completions `messages` array. The first system/developer message that comes before any
 * conversation turn is the system prompt; later ones stay in place as injected messages. Tool results link by
 * `tool_call_id`; legacy `function` messages have no id and link by name to the latest open call of that name.
 * An entry that is not an object, or has a role the format does not define, is skipped with a located error.
 */
export function readChatMessages(list: readonly unknown[], location: ChatListLocation): ChatConversation {
  const conversation: ChatConversation = { messages: [], errors: [], warnings: [] };
  const messageIds = new MessageIdAllocator();
  // Replayed or hand-edited logs reuse call ids; the later calls get a suffix so each result links to one call.
  const callIds = new CallIdRegistry();
  const openLegacyCalls: { name: string; callId: string }[] = [];
  let legacyCount = 0;
  let hasWarnedLegacy = false;
  const lineAt = (index: number): { line?: number } => (location.lineOf ? { line: location.lineOf(index) } : {});
  const at = (index: number, field?: string): SourceLocation => ({ path: `${location.path}[${index}]${field ? `.${field}` : ''}`, ...lineAt(index) });
  const issue = (message: string, index: number, field?: string): ImportIssue => ({ message, ...at(index, field) });

  list.forEach((entry, index) => {
    const record = asRecord(entry);
    if (!record) {
      conversation.errors.push(issue('message is not an object; skipped', index));
      return;
    }
    const sourceRole = asString(record.role);
    if (sourceRole === undefined || !CHAT_ROLES.has(sourceRole)) {
      // Read as anything, its content would be put in the wrong mouth (a reply as the user's words): it costs only itself.
      conversation.errors.push(issue(`role is ${describeValue(record.role)}, not a Chat Completions role; message skipped`, index, 'role'));
      return;
    }
    const { id, isDuplicate } = messageIds.allocateWithFallback(asString(record.id), `message-${index}`);
    if (isDuplicate) conversation.warnings.push(issue(duplicateIdWarning('message', asString(record.id), id), index, 'id'));
    const base = { id, sourceRef: { index, ...lineAt(index) }, raw: entry };
    const make = (role: Role, origin: Origin, blocks: Block[]): Message => ({ ...base, role, origin, blocks });
    const content = openAiContentBlocks(record.content);
    for (const type of content.placeholders) conversation.warnings.push(issue(`content part "${type}" kept as a text placeholder`, index, 'content'));
    for (const part of content.skippedParts) {
      conversation.warnings.push(issue(`content part is ${part.described}, not a text or content-part object; part skipped`, index, `content[${part.index}]`));
    }

    if (sourceRole === 'system' || sourceRole === 'developer') {
      const message = make('system', 'injected', content.blocks);
      if (!conversation.system && conversation.messages.length === 0) conversation.system = message;
      else conversation.messages.push(message);
    } else if (sourceRole === 'assistant') {
      const blocks: Block[] = [];
      const reasoning = asString(record.reasoning_content) ?? asString(record.reasoning);
      if (reasoning) blocks.push({ kind: 'thinking', text: reasoning });
      blocks.push(...content.blocks);
      const refusal = asString(record.refusal);
      if (refusal) blocks.push({ kind: 'text', text: refusal });
      (asArray(record.tool_calls) ?? []).forEach((rawCall, callIndex) => {
        const call = asRecord(rawCall);
        const fn = asRecord(call?.function) ?? asRecord(call?.custom);
        const name = asString(fn?.name) ?? asString(call?.function) ?? asString(call?.name) ?? 'unknown';
        const sourceId = asString(call?.id);
        let callId: string;
        if (sourceId) {
          callId = callIds.call(sourceId, at(index, `tool_calls[${callIndex}]`));
        } else {
          callId = `missing-call-id-${index}-${callIndex}`;
          conversation.warnings.push(issue(`tool call has no id; named ${callId}`, index, `tool_calls[${callIndex}]`));
        }
        blocks.push({ kind: 'tool_call', callId, name, ...toolArguments(fn?.arguments ?? fn?.input ?? call?.arguments) });
      });
      const legacyCall = asRecord(record.function_call);
      if (legacyCall) {
        legacyCount += 1;
        const callId = `function-call-${legacyCount}`;
        const name = asString(legacyCall.name) ?? 'unknown';
        openLegacyCalls.push({ name, callId });
        blocks.push({ kind: 'tool_call', callId, name, ...toolArguments(legacyCall.arguments) });
      }
      const message = make('assistant', 'model', blocks);
      const figures = new TokenFigures();
      const usage = openAiUsage(record.usage, figures);
      conversation.warnings.push(...figures.issues(at(index, 'usage')));
      if (usage) message.usage = usage;
      const stop = readStop(record.finish_reason, chatCompletionStops);
      if (stop) message.stop = stop;
      const model = asString(record.model);
      if (model) message.model = model;
      conversation.messages.push(message);
    } else if (sourceRole === 'tool' || sourceRole === 'function') {
      const { text, images } = openAiContentText(record.content);
      const name = asString(record.name);
      const sourceId = asString(record.tool_call_id) ?? asString(asArray(record.tool_call_ids)?.[0]);
      let callId = sourceId ? callIds.result(sourceId) : undefined;
      if (sourceRole === 'function') {
        if (!hasWarnedLegacy) {
          conversation.warnings.push(issue('legacy "function" messages carry no call id; linked by function name to the latest open call', index));
          hasWarnedLegacy = true;
        }
        const openIndex = findLastIndex(openLegacyCalls, (call) => call.name === name);
        if (openIndex !== -1) callId = openLegacyCalls.splice(openIndex, 1)[0].callId;
      }
      if ((asArray(record.tool_call_ids)?.length ?? 0) > 1) {
        conversation.warnings.push(issue('tool message lists several tool_call_ids; linked to the first', index, 'tool_call_ids'));
      }
      if (!callId) {
        callId = `unlinked-result-${index}`;
        conversation.warnings.push(issue(`tool result has no tool_call_id; named ${callId}, reported as an orphan`, index));
      }
      const result: Block = { kind: 'tool_result', callId, content: text, isError: false, ...(name ? { name } : {}) };
      conversation.messages.push(make('tool', 'tool', [result, ...images]));
    } else {
      conversation.messages.push(make('user', 'human', content.blocks));
    }
  });
  conversation.warnings.push(...callIds.reuseWarnings({ path: location.path }));
  return conversation;
}

function findLastIndex<T>(items: readonly T[], predicate: (item: T) => boolean): number {
  for (let index = items.length - 1; index >= 0; index -= 1) if (predicate(items[index])) return index;
  return -1;
}
