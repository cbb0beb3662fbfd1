import type { Block, ImageBlock, Message, ToolResultBlock, Transcript } from '../../transcript/model';
import { asRecord } from '../shared';

type ContentBlock = Record<string, unknown>;
type Turn = { role: 'user' | 'assistant'; content: ContentBlock[] };
/** A tool result with its position in the source, so moved results keep their original relative order. */
type Placed = { order: number; block: ContentBlock };

/** The Anthropic Messages request body the export produces. */
export interface AnthropicExport {
  system?: string;
  messages: unknown[];
}

/** Inline image bytes are not kept in the canonical model, so such images become a text placeholder. */
function imageBlock(image: ImageBlock): ContentBlock {
  if (image.source === 'base64' || image.source === 'unknown' || image.source.startsWith('file:')) {
    return { type: 'text', text: `[image ${image.mediaType ?? ''} ${image.byteLength ?? '?'} bytes: inline data not kept]`.replace('  ', ' ') };
  }
  return { type: 'image', source: { type: 'url', url: image.source } };
}

/** Anthropic requires an object `input`; arguments that were not a JSON object are wrapped as `{arguments: raw}`. */
function toolInput(args: unknown, argsRaw: string): unknown {
  return asRecord(args) ?? { arguments: argsRaw };
}

function resultBlock(block: ToolResultBlock, images: readonly ImageBlock[]): ContentBlock {
  const content = images.length === 0 ? block.content : [...(block.content !== '' ? [{ type: 'text', text: block.content }] : []), ...images.map(imageBlock)];
  return { type: 'tool_result', tool_use_id: block.callId, content, ...(block.isError ? { is_error: true } : {}) };
}

/** A server tool result (web search, …) stays inside the assistant turn; its content was kept as JSON text. */
function serverResultBlock(block: ToolResultBlock): ContentBlock {
  let content: unknown = block.content;
  try {
    content = JSON.parse(block.content);
  } catch {
    // Not JSON: keep the text as it is.
  }
  return { type: 'web_search_tool_result', tool_use_id: block.callId, content };
}

function plainBlock(block: Block): ContentBlock | undefined {
  if (block.kind === 'text') return block.text === '' ? undefined : { type: 'text', text: block.text };
  if (block.kind === 'image') return imageBlock(block);
  if (block.kind === 'thinking') {
    if (block.isRedacted) return { type: 'redacted_thinking', data: block.signature ?? '' };
    return { type: 'thinking', thinking: block.text, ...(block.signature !== undefined ? { signature: block.signature } : {}) };
  }
  if (block.kind === 'tool_call') {
    return { type: isServerCall(block.callId) ? 'server_tool_use' : 'tool_use', id: block.callId, name: block.name, input: toolInput(block.args, block.argsRaw) };
  }
  return undefined;
}

/** Anthropic's server tools (web search, …) have `srvtoolu_` ids; their results live inside the assistant turn. */
function isServerCall(callId: string): boolean {
  return callId.startsWith('srvtoolu_');
}

/** Every client tool result, exported, with the images that follow it in a tool message attached. */
function collectResults(messages: readonly Message[]): Map<string, Placed[]> {
  const byCallId = new Map<string, Placed[]>();
  let order = 0;
  for (const message of messages) {
    message.blocks.forEach((block, index) => {
      if (block.kind !== 'tool_result' || (message.role === 'assistant' && isServerCall(block.callId))) return;
      const following = message.blocks.slice(index + 1);
      const nextResult = following.findIndex((other) => other.kind === 'tool_result');
      const images = message.role === 'tool' ? (nextResult === -1 ? following : following.slice(0, nextResult)).filter((other): other is ImageBlock => other.kind === 'image') : [];
      byCallId.set(block.callId, [...(byCallId.get(block.callId) ?? []), { order: order++, block: resultBlock(block, images) }]);
    });
  }
  return byCallId;
}

/**
 * Exports a transcript as an Anthropic Messages request body. Each tool result is moved into the user turn right
 * after the assistant turn holding its `tool_use` (first in that turn's content), consecutive same-role messages
 * are merged so roles alternate, thinking is passed back unchanged with its signature, and a compaction summary read
 * from an Anthropic `compaction` block is written back as that block. System messages after the first become user
 * text (the API has no system role in `messages`); results whose call is missing stay where they were. Pure.
 */
export function exportAnthropic(transcript: Transcript): AnthropicExport {
  const resultsByCallId = collectResults(transcript.messages);
  const callsLeft = new Map<string, number>();
  for (const message of transcript.messages) {
    for (const block of message.blocks) if (block.kind === 'tool_call') callsLeft.set(block.callId, (callsLeft.get(block.callId) ?? 0) + 1);
  }
  const turns: Turn[] = [];
  const pendingResults: Placed[] = [];
  const flushResults = (): ContentBlock[] => pendingResults.splice(0).sort((first, second) => first.order - second.order).map((placed) => placed.block);
  const append = (role: Turn['role'], content: ContentBlock[]): void => {
    if (content.length === 0) return;
    const last = turns[turns.length - 1];
    if (last?.role === role) last.content.push(...content);
    else turns.push({ role, content });
  };
  const takeResults = (callId: string): void => {
    const queue = resultsByCallId.get(callId) ?? [];
    const left = (callsLeft.get(callId) ?? 1) - 1;
    callsLeft.set(callId, left);
    // One result per call when an id is reused; the last call with that id takes whatever remains.
    pendingResults.push(...(left === 0 ? queue.splice(0) : queue.splice(0, 1)));
  };

  for (const message of transcript.messages) {
    const raw = asRecord(message.raw);
    if (message.origin === 'summary' && raw?.type === 'compaction') {
      append('assistant', [raw]);
      continue;
    }
    if (message.role === 'assistant') {
      const content: ContentBlock[] = [];
      for (const block of message.blocks) {
        if (block.kind === 'tool_result') {
          if (isServerCall(block.callId)) content.push(serverResultBlock(block));
          else if (!callsLeft.has(block.callId)) pendingResults.push({ order: -1, block: resultBlock(block, []) });
        } else {
          const exported = plainBlock(block);
          if (exported) content.push(exported);
          if (block.kind === 'tool_call') takeResults(block.callId);
        }
      }
      append('assistant', content);
      continue;
    }
    const own: ContentBlock[] = [];
    message.blocks.forEach((block, index) => {
      if (block.kind === 'tool_result') {
        if (!callsLeft.has(block.callId)) own.push(resultBlock(block, []));
        return;
      }
      // Images of a tool message travel inside the result they follow.
      if (block.kind === 'image' && message.role === 'tool' && message.blocks.slice(0, index).some((other) => other.kind === 'tool_result')) return;
      const exported = plainBlock(block);
      if (exported) own.push(exported);
    });
    append('user', [...flushResults(), ...own]);
  }
  append('user', flushResults());
  for (const turn of turns) {
    if (turn.role === 'user') turn.content = [...turn.content.filter((block) => block.type === 'tool_result'), ...turn.content.filter((block) => block.type !== 'tool_result')];
  }
  rewriteToWireIds(turns);
  const system = transcript.system ? transcript.system.blocks.map((block) => (block.kind === 'text' ? block.text : '')).filter((text) => text !== '').join('\n\n') : '';
  return { ...(system !== '' ? { system } : {}), messages: turns };
}

/**
 * The API accepts tool ids of `[a-zA-Z0-9_-]` only, and canonical ids may carry more (`toolu_x#2`, the suffix the
 * importers give a reused id). Every id becomes its wire form — other characters as `_`, a numbered suffix when two
 * ids would meet — the same for a call and its results, so pairs stay linked.
 */
function rewriteToWireIds(turns: readonly Turn[]): void {
  const wireOf = new Map<string, string>();
  const taken = new Set<string>();
  const wire = (id: string): string => {
    const known = wireOf.get(id);
    if (known !== undefined) return known;
    const base = id.replace(/[^a-zA-Z0-9_-]/g, '_') || 'id';
    let candidate = base;
    for (let suffix = 2; taken.has(candidate); suffix++) candidate = `${base}_${suffix}`;
    wireOf.set(id, candidate);
    taken.add(candidate);
    return candidate;
  };
  for (const turn of turns) {
    for (const block of turn.content) {
      if ((block.type === 'tool_use' || block.type === 'server_tool_use') && typeof block.id === 'string') block.id = wire(block.id);
      if ((block.type === 'tool_result' || block.type === 'web_search_tool_result') && typeof block.tool_use_id === 'string') block.tool_use_id = wire(block.tool_use_id);
    }
  }
}
