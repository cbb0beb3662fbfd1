import type { Block, CompactionMarker, Message, Origin, Role } from '../../transcript/model';
import type { ImportIssue } from '../import-report';
import { convertAnthropicBlock } from './anthropic-messages-blocks';
import { anthropicUsage } from '../anthropic-usage';
import { CallIdRegistry, MessageIdAllocator, registerCallBlocks } from '../unique-ids';
import { TokenFigures } from '../usage';
import { asArray, asRecord, asString, describeValue, duplicateIdWarning } from '../shared';
import { messagesApiStops, readStop } from '../stop-reason';

/** An Anthropic conversation in canonical form. */
export interface AnthropicConversation {
  messages: Message[];
  markers: CompactionMarker[];
  errors: ImportIssue[];
  warnings: ImportIssue[];
}

/**
 * Converts an Anthropic `messages` array. A user message holding tool results is split: its `tool_result` blocks
 * become a `tool` message and its other blocks a following `user` message (both keep the same raw record), so
 * role and origin say truthfully what each part is; the Anthropic exporter merges them back into one user turn.
 * A compaction block ends the message it sits in: a marker plus an assistant summary message (origin summary).
 * A `system` role is read as a system message; any other role but user/assistant skips its entry with a located error.
 */
export function readAnthropicMessages(list: readonly unknown[], pathPrefix: string): AnthropicConversation {
  const conversation: AnthropicConversation = { messages: [], markers: [], errors: [], warnings: [] };
  const messageIds = new MessageIdAllocator();
  const callIds = new CallIdRegistry();
  list.forEach((entry, index) => {
    const path = `${pathPrefix}[${index}]`;
    const record = asRecord(entry);
    if (!record) {
      conversation.errors.push({ message: 'message is not an object; skipped', path });
      return;
    }
    const sourceRole = asString(record.role);
    if (sourceRole === 'system') {
      conversation.warnings.push({ message: 'role "system" is not user/assistant; read as system', path: `${path}.role` });
    } else if (sourceRole !== 'user' && sourceRole !== 'assistant') {
      // Read as a user turn, a damaged reply would be put in the user's mouth: it costs only itself.
      conversation.errors.push({ message: `role is ${describeValue(record.role)}, not user/assistant; message skipped`, path: `${path}.role` });
      return;
    }
    const sourceId = asString(record.id);
    let pieceCount = 0;
    let hasUsage = false;
    let hasStop = false;
    const push = (role: Role, origin: Origin, blocks: Block[]): Message => {
      const fallback = pieceCount === 0 ? `message-${index}` : `message-${index}-${pieceCount}`;
      const candidate = sourceId !== undefined && pieceCount > 0 ? `${sourceId}-${pieceCount}` : sourceId;
      const { id, isDuplicate } = messageIds.allocateWithFallback(candidate, fallback);
      if (isDuplicate) conversation.warnings.push({ message: duplicateIdWarning('message', candidate, id), path: `${path}.id` });
      pieceCount += 1;
      const message: Message = { id, role, origin, blocks, sourceRef: { index }, raw: entry };
      conversation.messages.push(message);
      return message;
    };

    const content = typeof record.content === 'string' ? [{ type: 'text', text: record.content }] : asArray(record.content);
    if (!content) conversation.warnings.push({ message: 'content is missing or not text/blocks', path: `${path}.content` });
    const pending: Block[] = [];
    const results: Block[] = [];
    const isAssistant = sourceRole === 'assistant';
    const figures = new TokenFigures();
    const usage = isAssistant ? anthropicUsage(record.usage, figures) : undefined;
    conversation.warnings.push(...figures.issues({ path: `${path}.usage` }));
    const flushPending = (): void => {
      if (isAssistant) {
        if (pending.length > 0 || pieceCount === 0) {
          const message = push('assistant', 'model', pending.splice(0));
          // Usage and stop_reason belong to the whole response, so only its first piece carries them.
          if (usage && !hasUsage) message.usage = usage;
          const stop = readStop(record.stop_reason, messagesApiStops);
          if (stop && !hasStop) message.stop = stop;
          hasUsage = hasUsage || usage !== undefined;
          hasStop = hasStop || stop !== undefined;
          const model = asString(record.model);
          if (model) message.model = model;
        }
        return;
      }
      if (results.length > 0) push('tool', 'tool', results.splice(0));
      if (pending.length > 0 || pieceCount === 0) push(sourceRole === 'system' ? 'system' : 'user', sourceRole === 'system' ? 'injected' : 'human', pending.splice(0));
    };

    (content ?? []).forEach((value, blockIndex) => {
      const converted = convertAnthropicBlock(value);
      if (converted.isCompaction) {
        if (pending.length > 0 || results.length > 0) flushPending();
        const summary = converted.summary;
        const summaryMessage = push('assistant', 'summary', summary !== undefined ? [{ kind: 'text', text: summary }] : []);
        summaryMessage.raw = value;
        conversation.markers.push({
          atIndex: conversation.messages.length - 1,
          kind: 'compaction',
          summaryMessageId: summaryMessage.id,
          ...(summary !== undefined ? { summaryText: summary } : { isOpaque: true }),
        });
        return;
      }
      registerCallBlocks(converted.blocks, callIds, { path: `${path}.content[${blockIndex}]` });
      if (converted.unknownType) conversation.warnings.push({ message: `unknown block type "${converted.unknownType}" kept as a placeholder`, path: `${path}.content[${blockIndex}]` });
      if (converted.isResult && !isAssistant) results.push(...converted.blocks);
      else pending.push(...converted.blocks);
    });
    if (pending.length > 0 || results.length > 0 || pieceCount === 0) flushPending();
  });
  conversation.warnings.push(...callIds.reuseWarnings());
  return conversation;
}
