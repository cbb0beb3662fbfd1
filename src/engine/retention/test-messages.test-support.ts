import type { Block, Message } from '../transcript/model';

let counter = 0;

/** A canonical message of `role` (origin from the role unless given); ids are unique across a test file. */
export function message(role: Message['role'], blocks: Block[], origin: Message['origin'] = role === 'assistant' ? 'model' : role === 'tool' ? 'tool' : 'human'): Message {
  counter += 1;
  return { id: `m${counter}`, role, origin, blocks, sourceRef: {}, raw: null };
}

/** A text block. */
export const text = (value: string): Block => ({ kind: 'text', text: value });

/** A tool call block, its raw arguments the JSON of `args`. */
export const call = (callId: string, name: string, args: Record<string, unknown>): Block => ({ kind: 'tool_call', callId, name, args, argsRaw: JSON.stringify(args) });

/** A tool result block answering `callId`, not an error. */
export const result = (callId: string, content: string): Block => ({ kind: 'tool_result', callId, content, isError: false });
