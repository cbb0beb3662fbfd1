import type { Message } from '../../transcript/model';

let counter = 0;

/** A canonical user or assistant text message for two-tier tests; ids are unique across a test file. */
export function textMessage(role: 'user' | 'assistant' | 'system', text: string, id = `m${++counter}`): Message {
  return { id, role, origin: role === 'user' ? 'human' : 'model', blocks: text ? [{ kind: 'text', text }] : [], sourceRef: {}, raw: null };
}

/** An assistant message with reasoning and tool calls (and optional text). */
export function toolCallMessage(callIds: string[], options: { text?: string; reasoning?: string; id?: string } = {}): Message {
  const blocks: Message['blocks'] = [];
  if (options.reasoning !== undefined) blocks.push({ kind: 'thinking', text: options.reasoning });
  if (options.text) blocks.push({ kind: 'text', text: options.text });
  for (const callId of callIds) blocks.push({ kind: 'tool_call', callId, name: 'read_file', args: {}, argsRaw: '{}' });
  return { id: options.id ?? `m${++counter}`, role: 'assistant', origin: 'model', blocks, sourceRef: {}, raw: null };
}

/** A tool message answering `callId`. */
export function toolResultMessage(callId: string, content: string, id = `m${++counter}`): Message {
  return { id, role: 'tool', origin: 'tool', blocks: [{ kind: 'tool_result', callId, content, isError: false, name: 'read_file' }], sourceRef: {}, raw: null };
}

/** The text of a message's first text block. */
export function firstText(message: Message): string {
  const block = message.blocks.find((candidate) => candidate.kind === 'text');
  return block && block.kind === 'text' ? block.text : '';
}
