import type { Block, Message, Origin, Role, Transcript, Usage } from '../../transcript/model';
import type { ImportIssue } from '../import-report';
import type { ImportContext, Importer, ImporterOutput } from '../importer';
import type { ParsedDocument } from '../parse-document';
import { convertGeminiPart, functionResponseText, GeminiCallLinker, geminiOutputTokens } from '../gemini-contents/gemini-contents-parts';
import { isClearlyOwnList, type EntryShape } from '../entry-shape';
import { MessageIdAllocator } from '../unique-ids';
import { compactUsage, loggedUsageFrom, TokenFigures } from '../usage';
import { asArray, asRecord, asString, describeValue, duplicateIdWarning, stringify, toolArguments } from '../shared';

const MESSAGE_TYPES = new Set(['user', 'gemini', 'info', 'error', 'warning']);

/** A recorded message has a `type`: a known one makes it this format's, any other value a damaged one. */
function messageShape(entry: Record<string, unknown>): EntryShape {
  if (MESSAGE_TYPES.has(asString(entry.type) ?? '')) return 'own';
  return Object.hasOwn(entry, 'type') ? 'damaged' : 'foreign';
}

/**
 * Gemini CLI `tokens`: input is the prompt count (cached included); tool-use prompt tokens add to the context (left
 * out when the tool figure was refused as implausible); output counts the thinking (`thoughts`) too, as Gemini bills it.
 */
function cliUsage(value: unknown, figures: TokenFigures): Usage | undefined {
  const tokens = asRecord(value);
  if (!tokens) return undefined;
  const inputTokens = figures.read(tokens, 'input');
  const refusedBefore = figures.refusedCount;
  const toolTokens = figures.read(tokens, 'tool') ?? 0;
  const isContextWhole = figures.refusedCount === refusedBefore;
  const reasoningTokens = figures.read(tokens, 'thoughts');
  return compactUsage({
    inputTokens,
    outputTokens: geminiOutputTokens(figures.read(tokens, 'output'), reasoningTokens),
    cacheReadTokens: figures.read(tokens, 'cached'),
    reasoningTokens,
    totalTokens: figures.read(tokens, 'total'),
    contextTokens: inputTokens !== undefined && isContextWhole ? inputTokens + toolTokens : undefined,
  });
}

/** The result text of an embedded tool call: its functionResponse parts, or the bare value. */
function embeddedResult(result: unknown): { text: string; isError: boolean } | undefined {
  if (result === undefined || result === null) return undefined;
  if (typeof result === 'string') return { text: result, isError: false };
  const parts = asArray(result) ?? [result];
  if (parts.length === 0) return undefined;
  const read = parts.map((part) => {
    const response = asRecord(asRecord(part)?.functionResponse);
    return response ? functionResponseText(response.response) : { text: asString(asRecord(part)?.text) ?? stringify(part), isError: false };
  });
  return { text: read.map((entry) => entry.text).join('\n'), isError: read.some((entry) => entry.isError) };
}

/**
 * Gemini CLI chat recordings (`~/.gemini/tmp/<project>/chats/session-*.json`). A tool's result is embedded in its
 * call, so each `gemini` message with `toolCalls` becomes the assistant message followed by one tool message per
 * answered call. `info`/`error`/`warning` lines are CLI notices: kept as injected system messages. A message of any
 * other type is skipped with a located error.
 */
export const geminiCliImporter: Importer = {
  id: 'gemini-cli',
  label: 'Gemini CLI chat recording',
  detect(parsed: ParsedDocument): boolean {
    if (parsed.kind !== 'json') return false;
    const record = asRecord(parsed.value);
    const messages = asArray(record?.messages);
    if (!record || !messages || (record.sessionId === undefined && record.projectHash === undefined)) return false;
    return isClearlyOwnList(messages, 50, messageShape);
  },
  read(parsed: ParsedDocument, context: ImportContext): ImporterOutput {
    const errors: ImportIssue[] = [];
    const warnings: ImportIssue[] = [];
    const record = parsed.kind === 'json' ? asRecord(parsed.value) : undefined;
    const list = asArray(record?.messages);
    if (!list) return { transcripts: [], errors: [{ message: 'no "messages" array found', path: 'messages' }], warnings };
    const messageIds = new MessageIdAllocator();
    const linker = new GeminiCallLinker();
    const messages: Message[] = [];
    list.forEach((entry, index) => {
      const path = `messages[${index}]`;
      const source = asRecord(entry);
      if (!source) {
        errors.push({ message: 'message is not an object; skipped', path });
        return;
      }
      const type = asString(source.type) ?? '';
      if (!MESSAGE_TYPES.has(type)) {
        // Neither a turn nor a notice the CLI writes: read as either, it could be put in the wrong mouth.
        errors.push({ message: `type is ${describeValue(source.type)}, not user/gemini/info/error/warning; message skipped`, path: `${path}.type` });
        return;
      }
      const push = (candidate: string | undefined, fallback: string, role: Role, origin: Origin, blocks: Block[]): Message => {
        const { id, isDuplicate } = messageIds.allocateWithFallback(candidate, fallback);
        if (isDuplicate) warnings.push({ message: duplicateIdWarning('message', candidate, id), path: `${path}.id` });
        const createdAt = asString(source.timestamp);
        const message: Message = { id, role, origin, blocks, sourceRef: { index }, raw: entry, ...(createdAt ? { createdAt } : {}) };
        messages.push(message);
        return message;
      };
      const content = typeof source.content === 'string' ? [{ text: source.content }] : asArray(source.content) ?? [];
      const contentBlocks = content.flatMap((part) => {
        const block = convertGeminiPart(part, linker).block;
        return block && (block.kind !== 'text' || block.text !== '') ? [block] : [];
      });
      const sourceId = asString(source.id);
      if (type === 'user') {
        push(sourceId, `message-${index}`, 'user', 'human', contentBlocks);
        return;
      }
      if (type !== 'gemini') {
        push(sourceId, `message-${index}`, 'system', 'injected', contentBlocks);
        return;
      }
      const thoughts: Block[] = (asArray(source.thoughts) ?? []).map((thought) => {
        const subject = asString(asRecord(thought)?.subject);
        const description = asString(asRecord(thought)?.description) ?? '';
        return { kind: 'thinking', text: subject ? `${subject}\n${description}` : description };
      });
      const calls = asArray(source.toolCalls) ?? [];
      const callBlocks = calls.map((call, callIndex): Block => {
        const name = asString(asRecord(call)?.name) ?? 'unknown';
        const callId = linker.callId(name, asString(asRecord(call)?.id), { path: `${path}.toolCalls[${callIndex}]` });
        if (asString(asRecord(call)?.id) === undefined) warnings.push({ message: `tool call has no id; named ${callId}`, path: `${path}.toolCalls[${callIndex}]` });
        return { kind: 'tool_call', callId, name, ...toolArguments(asRecord(call)?.args ?? {}) };
      });
      const assistant = push(sourceId, `message-${index}`, 'assistant', 'model', [...thoughts, ...contentBlocks, ...callBlocks]);
      const figures = new TokenFigures();
      const usage = cliUsage(source.tokens, figures);
      warnings.push(...figures.issues({ path: `${path}.tokens` }));
      if (usage) assistant.usage = usage;
      const model = asString(source.model);
      if (model) assistant.model = model;
      calls.forEach((call, callIndex) => {
        const callRecord = asRecord(call);
        const block = callBlocks[callIndex];
        const result = embeddedResult(callRecord?.result);
        if (!result || block.kind !== 'tool_call') {
          warnings.push({ message: `tool call "${asString(callRecord?.name) ?? ''}" has no recorded result (status ${asString(callRecord?.status) ?? 'unknown'})`, path: `${path}.toolCalls[${callIndex}].result` });
          return;
        }
        const isError = result.isError || callRecord?.status === 'error' || callRecord?.status === 'cancelled';
        push(undefined, `${assistant.id}-result-${callIndex}`, 'tool', 'tool', [{ kind: 'tool_result', callId: block.callId, name: block.name, content: result.text, isError }]);
      });
    });
    warnings.push(...linker.reuseWarnings());
    const loggedUsage = loggedUsageFrom(messages, 'Gemini CLI tokens per model call; context = input (cached included) + tool of the last call');
    const lastModel = [...messages].reverse().find((message) => message.model)?.model;
    const sessionId = asString(record?.sessionId);
    const transcript: Transcript = {
      id: sessionId ?? `gemini-cli:${context.fileName ?? 'input'}`,
      source: { format: 'gemini-cli', fileName: context.fileName },
      messages,
      markers: [],
      meta: {
        ...(lastModel ? { model: lastModel } : {}),
        ...(loggedUsage ? { loggedUsage } : {}),
        details: Object.fromEntries(['projectHash', 'startTime', 'lastUpdated', 'kind'].flatMap((key) => (asString(record?.[key]) ? [[key, asString(record?.[key]) as string]] : []))),
      },
    };
    return { transcripts: [transcript], errors, warnings };
  },
};
