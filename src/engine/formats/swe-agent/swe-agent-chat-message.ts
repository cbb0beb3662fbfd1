import type { Block, ImageBlock, ThinkingBlock, ToolCallBlock, Usage } from '../../transcript/model';
import type { ImportIssue } from '../import-report';
import { asArray, asRecord, asString, stringify, toolArguments } from '../shared';
import type { CallIdRegistry } from '../unique-ids';
import { TokenFigures } from '../usage';

/**
 * Readers for the OpenAI Chat-shaped messages that SWE-agent and mini-swe-agent store in their trajectories.
 * They never throw: unexpected parts are reported as warnings and stay in the message's `raw`.
 */

/** An image part as a canonical block; data URLs keep only their media type and decoded size. */
export function imageFromUrl(url: string): ImageBlock {
  const dataUrl = /^data:([^;,]+)?(;base64)?,/.exec(url);
  if (!dataUrl) return { kind: 'image', source: url };
  const payloadLength = url.length - dataUrl[0].length;
  return {
    kind: 'image',
    source: 'base64',
    mediaType: dataUrl[1],
    byteLength: dataUrl[2] ? Math.floor((payloadLength * 3) / 4) : payloadLength,
  };
}

/** Text and image blocks from a Chat `content` value (a string, null, or an array of parts). */
export function readChatContent(content: unknown, path: string, warnings: ImportIssue[]): Block[] {
  if (content === null || content === undefined) return [];
  if (typeof content === 'string') return content === '' ? [] : [{ kind: 'text', text: content }];
  const parts = asArray(content);
  if (!parts) {
    warnings.push({ message: 'content is neither text nor a list of parts; kept as JSON text', path });
    return [{ kind: 'text', text: stringify(content) }];
  }
  const blocks: Block[] = [];
  parts.forEach((part, index) => {
    const record = asRecord(part);
    const type = asString(record?.type);
    if (typeof part === 'string') {
      blocks.push({ kind: 'text', text: part });
    } else if (type === 'text' && typeof record?.text === 'string') {
      blocks.push({ kind: 'text', text: record.text });
    } else if (type === 'image_url') {
      const url = asString(asRecord(record?.image_url)?.url) ?? asString(record?.image_url) ?? '';
      blocks.push(imageFromUrl(url));
    } else {
      warnings.push({ message: `content part of type "${type ?? 'unknown'}" was not imported (kept in raw)`, path: `${path}[${index}]` });
    }
  });
  return blocks;
}

/** Thinking blocks from the `thinking_blocks` (LiteLLM/Anthropic) or `reasoning_content` extensions. */
export function readChatThinking(message: Record<string, unknown>): ThinkingBlock[] {
  const blocks: ThinkingBlock[] = [];
  for (const entry of asArray(message.thinking_blocks) ?? []) {
    const record = asRecord(entry);
    if (!record) continue;
    if (record.type === 'redacted_thinking') {
      blocks.push({ kind: 'thinking', text: '', isRedacted: true, signature: asString(record.data) });
    } else if (typeof record.thinking === 'string') {
      blocks.push({ kind: 'thinking', text: record.thinking, signature: asString(record.signature) });
    }
  }
  const reasoning = asString(message.reasoning_content) ?? asString(message.reasoning);
  if (blocks.length === 0 && reasoning) blocks.push({ kind: 'thinking', text: reasoning });
  return blocks;
}

/**
 * Tool-call blocks from an assistant's `tool_calls`, registered so reused ids stay unique.
 * A call without an id gets `<fallbackPrefix>-<n>` and a warning: its result can then only show up as an orphan.
 */
export function readChatToolCalls(
  toolCalls: unknown,
  path: string,
  registry: CallIdRegistry,
  warnings: ImportIssue[],
  fallbackPrefix: string,
): ToolCallBlock[] {
  const blocks: ToolCallBlock[] = [];
  (asArray(toolCalls) ?? []).forEach((entry, index) => {
    const call = asRecord(entry);
    if (!call) {
      warnings.push({ message: 'tool call is not an object; skipped', path: `${path}[${index}]` });
      return;
    }
    const fn = asRecord(call.function);
    let sourceId = asString(call.id);
    if (!sourceId) {
      sourceId = `${fallbackPrefix}-${index}`;
      warnings.push({ message: `tool call has no id; called it ${sourceId}`, path: `${path}[${index}].id` });
    }
    const { args, argsRaw } = toolArguments(fn?.arguments ?? call.arguments);
    blocks.push({ kind: 'tool_call', callId: registry.call(sourceId), name: asString(fn?.name) ?? asString(call.name) ?? 'unknown', args, argsRaw });
  });
  return blocks;
}

/**
 * Usage of one Chat Completions response (`prompt_tokens` counts the whole context, cached part included).
 * LiteLLM (SWE-agent, mini-swe-agent, OpenHands) passes Anthropic's cache write through beside it as
 * `cache_creation_input_tokens` (newer versions also as `prompt_tokens_details.cache_creation_tokens`), counted inside
 * `prompt_tokens` like the read; it is priced above plain input, so it is kept apart. Implausible figures are left out
 * (`figures` collects them for a warning).
 */
export function readChatUsage(value: unknown, figures = new TokenFigures()): Usage | undefined {
  const usage = asRecord(value);
  if (!usage) return undefined;
  const inputTokens = figures.read(usage, 'prompt_tokens') ?? figures.read(usage, 'input_tokens');
  const outputTokens = figures.read(usage, 'completion_tokens') ?? figures.read(usage, 'output_tokens');
  if (inputTokens === undefined && outputTokens === undefined) return undefined;
  return {
    inputTokens,
    outputTokens,
    totalTokens: figures.read(usage, 'total_tokens'),
    cacheReadTokens: figures.read(asRecord(usage.prompt_tokens_details), 'cached_tokens') ?? figures.read(usage, 'cache_read_input_tokens'),
    cacheWriteTokens: figures.read(usage, 'cache_creation_input_tokens') ?? figures.read(asRecord(usage.prompt_tokens_details), 'cache_creation_tokens'),
    reasoningTokens: figures.read(asRecord(usage.completion_tokens_details), 'reasoning_tokens'),
    contextTokens: inputTokens,
  };
}
