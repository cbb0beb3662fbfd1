import type { Block, Message, Origin, Role, Usage } from '../../transcript/model';
import type { ImportIssue } from '../import-report';
import { anthropicImage, convertAnthropicBlock } from '../anthropic-messages/anthropic-messages-blocks';
import { anthropicUsage, hourPartOfWrite } from '../anthropic-usage';
import { notAnEntryReason, toLangChainEntry } from './langchain-entries';
import { imageFromBase64, imageFromUrl } from '../image-blocks';
import { openAiContentBlocks } from '../openai-chat/openai-chat-content';
import { CallIdRegistry, MessageIdAllocator, registerCallBlocks } from '../unique-ids';
import { openAiUsage } from '../openai-usage';
import { compactUsage, TokenFigures } from '../usage';
import { asArray, asRecord, asString, duplicateIdWarning, stringify, toolArguments } from '../shared';
import { chatCompletionStops, messagesApiStops, readStop } from '../stop-reason';

/** One LangChain conversation in canonical form. */
export interface LangChainConversation {
  system?: Message;
  messages: Message[];
  errors: ImportIssue[];
  warnings: ImportIssue[];
}

/** Content (string or blocks of any provider's shape) as blocks; Anthropic tool_use blocks are returned apart. */
function contentBlocks(content: unknown): { blocks: Block[]; toolUses: Block[] } {
  if (!Array.isArray(content)) return { blocks: openAiContentBlocks(content).blocks, toolUses: [] };
  const blocks: Block[] = [];
  const toolUses: Block[] = [];
  for (const value of content) {
    const part = asRecord(value);
    const type = asString(part?.type) ?? '';
    if (type === 'tool_use' || type === 'thinking' || type === 'redacted_thinking') {
      const converted = convertAnthropicBlock(value);
      if (!converted.isCompaction) (type === 'tool_use' ? toolUses : blocks).push(...converted.blocks);
    } else if (type === 'reasoning') {
      const text = asString(part?.reasoning) ?? (asArray(part?.summary) ?? []).map((entry) => asString(asRecord(entry)?.text) ?? '').join('\n');
      blocks.push({ kind: 'thinking', text });
    } else if (type === 'image' && part?.source !== undefined) {
      blocks.push(anthropicImage(part.source));
    } else if (type === 'image' && asString(part?.url)) {
      blocks.push(imageFromUrl(asString(part?.url) ?? ''));
    } else if (type === 'image' && asString(part?.base64 ?? part?.data)) {
      blocks.push(imageFromBase64(asString(part?.base64 ?? part?.data) ?? '', asString(part?.mime_type)));
    } else {
      blocks.push(...openAiContentBlocks([value]).blocks);
    }
  }
  return { blocks, toolUses };
}

/** An AI message's calls: `tool_calls`, else the raw provider calls in `additional_kwargs` (LangGraph), else content tool_use. */
function aiToolCalls(data: Record<string, unknown>, toolUses: Block[], messageIndex: number, warn: (message: string, field: string) => void): Block[] {
  const calls: Block[] = [];
  (asArray(data.tool_calls) ?? []).forEach((value, index) => {
    const call = asRecord(value);
    const callId = asString(call?.id) ?? `missing-call-id-${messageIndex}-${index}`;
    if (!asString(call?.id)) warn(`tool call has no id; named ${callId}`, `tool_calls[${index}]`);
    calls.push({ kind: 'tool_call', callId, name: asString(call?.name) ?? 'unknown', ...toolArguments(call?.args ?? {}) });
  });
  if (calls.length === 0) {
    const kwargs = asRecord(data.additional_kwargs);
    (asArray(kwargs?.tool_calls) ?? []).forEach((value, index) => {
      const call = asRecord(value);
      const fn = asRecord(call?.function);
      const callId = asString(call?.id) ?? `missing-call-id-${messageIndex}-${index}`;
      calls.push({ kind: 'tool_call', callId, name: asString(fn?.name) ?? 'unknown', ...toolArguments(fn?.arguments) });
    });
  }
  const known = new Set(calls.map((call) => (call.kind === 'tool_call' ? call.callId : '')));
  calls.push(...toolUses.filter((block) => block.kind === 'tool_call' && !known.has(block.callId)));
  (asArray(data.invalid_tool_calls) ?? []).forEach((value, index) => {
    const call = asRecord(value);
    const callId = asString(call?.id) ?? `invalid-call-${messageIndex}-${index}`;
    warn(`invalid tool call kept with its raw arguments: ${asString(call?.error) ?? 'no reason given'}`, `invalid_tool_calls[${index}]`);
    calls.push({ kind: 'tool_call', callId, name: asString(call?.name) ?? 'unknown', ...toolArguments(asString(call?.args) ?? call?.args) });
  });
  return calls;
}

/**
 * `usage_metadata` (LangChain counts cache reads inside input_tokens; its Anthropic adapter copies the write's
 * 1-hour part into input_token_details), else the provider's own usage in response_metadata. Implausible figures are
 * left out (`figures` collects them for a warning).
 */
function aiUsage(data: Record<string, unknown>, figures: TokenFigures): Usage | undefined {
  const usage = asRecord(data.usage_metadata);
  if (usage) {
    const inputDetails = asRecord(usage.input_token_details);
    const inputTokens = figures.read(usage, 'input_tokens');
    const cacheWriteTokens = figures.read(inputDetails, 'cache_creation');
    const hourTokens = figures.read(inputDetails, 'ephemeral_1h_input_tokens', undefined, 'input_token_details.ephemeral_1h_input_tokens');
    return compactUsage({
      inputTokens,
      outputTokens: figures.read(usage, 'output_tokens'),
      totalTokens: figures.read(usage, 'total_tokens'),
      cacheReadTokens: figures.read(inputDetails, 'cache_read'),
      cacheWriteTokens,
      cacheWriteHourTokens: hourPartOfWrite(hourTokens, cacheWriteTokens),
      reasoningTokens: figures.read(asRecord(usage.output_token_details), 'reasoning'),
      contextTokens: inputTokens,
    });
  }
  const metadata = asRecord(data.response_metadata);
  return openAiUsage(metadata?.token_usage, figures) ?? anthropicUsage(metadata?.usage, figures);
}

/**
 * Converts LangChain messages (either serialization). AI tool calls link to tool messages by
 * `tool_calls[].id` ↔ `tool_call_id`; legacy function messages have no id and link by name.
 */
export function readLangChainMessages(list: readonly unknown[], pathPrefix: string): LangChainConversation {
  const conversation: LangChainConversation = { messages: [], errors: [], warnings: [] };
  const messageIds = new MessageIdAllocator();
  const openFunctionCalls: { name: string; callId: string }[] = [];
  // A call id used by two calls keeps them apart: the later call gets a suffix, each result links to one call.
  const callIds = new CallIdRegistry();
  list.forEach((value, index) => {
    const path = `${pathPrefix}[${index}]`;
    const entry = toLangChainEntry(value);
    if (!entry) {
      const reason = notAnEntryReason(value) ?? { message: 'not a LangChain message; skipped' };
      conversation.errors.push({ message: reason.message, path: reason.field ? `${path}.${reason.field}` : path });
      return;
    }
    const { kind, data } = entry;
    const warn = (message: string, field: string): void => {
      conversation.warnings.push({ message, path: `${path}.${field}` });
    };
    if (kind === 'remove') {
      warn('RemoveMessage is an instruction to drop a message, not a message; skipped', 'type');
      return;
    }
    const { id, isDuplicate } = messageIds.allocateWithFallback(asString(data.id), `message-${index}`);
    if (isDuplicate) warn(duplicateIdWarning('message', asString(data.id), id), 'id');
    const make = (role: Role, origin: Origin, blocks: Block[]): Message => ({ id, role, origin, blocks, sourceRef: { index }, raw: value });
    const { blocks, toolUses } = contentBlocks(data.content);
    const chatRole = asString(data.role);
    const role = kind === 'chat' ? (chatRole === 'assistant' || chatRole === 'ai' ? 'ai' : chatRole === 'system' ? 'system' : 'human') : kind;
    if (role === 'ai') {
      const reasoning = asString(asRecord(data.additional_kwargs)?.reasoning_content);
      const legacy = asRecord(asRecord(data.additional_kwargs)?.function_call);
      const calls = aiToolCalls(data, toolUses, index, warn);
      registerCallBlocks(calls, callIds, { path: `${path}.tool_calls` });
      if (legacy && calls.length === 0) {
        const callId = `function-call-${index}`;
        openFunctionCalls.push({ name: asString(legacy.name) ?? 'unknown', callId });
        calls.push({ kind: 'tool_call', callId, name: asString(legacy.name) ?? 'unknown', ...toolArguments(legacy.arguments) });
      }
      const message = make('assistant', 'model', [...(reasoning ? [{ kind: 'thinking' as const, text: reasoning }] : []), ...blocks, ...calls]);
      const figures = new TokenFigures();
      const usage = aiUsage(data, figures);
      conversation.warnings.push(...figures.issues({ path }));
      if (usage) message.usage = usage;
      const metadata = asRecord(data.response_metadata);
      const stop = readStop(metadata?.finish_reason, chatCompletionStops) ?? readStop(metadata?.stop_reason, messagesApiStops);
      if (stop) message.stop = stop;
      const model = asString(asRecord(data.response_metadata)?.model_name) ?? asString(asRecord(data.response_metadata)?.model);
      if (model) message.model = model;
      conversation.messages.push(message);
    } else if (role === 'tool' || role === 'function') {
      const name = asString(data.name);
      const sourceId = asString(data.tool_call_id);
      let callId = sourceId !== undefined ? callIds.result(sourceId) : undefined;
      if (role === 'function') {
        const open = openFunctionCalls.findIndex((call) => call.name === name);
        callId = open !== -1 ? openFunctionCalls.splice(open, 1)[0].callId : undefined;
        warn('function messages carry no call id; linked by name', 'type');
      }
      if (!callId) {
        callId = `unlinked-result-${index}`;
        warn(`tool result has no tool_call_id; named ${callId}, reported as an orphan`, 'tool_call_id');
      }
      const text = blocks.map((block) => (block.kind === 'text' ? block.text : '')).filter((piece) => piece !== '').join('\n');
      const images = blocks.filter((block) => block.kind === 'image');
      const content = typeof data.content === 'string' || Array.isArray(data.content) ? text : stringify(data.content);
      conversation.messages.push(make('tool', 'tool', [{ kind: 'tool_result', callId, content, isError: data.status === 'error', ...(name ? { name } : {}) }, ...images]));
    } else if (role === 'system' || role === 'developer') {
      const message = make('system', 'injected', blocks);
      if (!conversation.system && conversation.messages.length === 0) conversation.system = message;
      else conversation.messages.push(message);
    } else {
      if (role !== 'human') warn(`message kind "${kind}" read as human`, 'type');
      conversation.messages.push(make('user', 'human', blocks));
    }
  });
  conversation.warnings.push(...callIds.reuseWarnings());
  return conversation;
}
