import type { Block, Message } from '../../transcript/model';
import { utf8ByteLength } from '../../tokens/estimate';
import { microcompactToolOutput } from '../../strategies/microcompact';
import type { CompressRequest } from '../../run/callback-runner';

/** Messages after microcompaction, and what changed in each changed source message (UTF-16 lengths). */
export interface MicrocompactOutcome {
  messages: Message[];
  changed: Map<string, { charsBefore: number; charsAfter: number }>;
}

/** Compresses one output with the user's callback; resolves to its replacement or undefined to use the heuristic. */
export type CompressOutput = (request: CompressRequest) => Promise<string | undefined>;

/** How many tool outputs are longer than `maxBytes` UTF-8 bytes: the ones microcompaction would consider. */
export function oversizedToolOutputs(messages: readonly Message[], maxBytes: number): number {
  let count = 0;
  for (const message of messages) {
    for (const block of message.blocks) {
      const text = toolOutputText(message, block);
      if (text !== undefined && utf8ByteLength(text) > maxBytes) count += 1;
    }
  }
  return count;
}

/**
 * Seed 3's tool-dispatch microcompaction (spec §3.3), applied to every tool output longer than `maxBytes` UTF-8
 * bytes: the compress callback's non-empty string when there is one, else `microcompact_tool_output`. Tool outputs
 * are tool-result blocks, and text blocks of role-`tool` messages. Changed messages are copied, never mutated.
 */
export async function microcompactMessages(messages: readonly Message[], maxBytes: number, compress?: CompressOutput): Promise<MicrocompactOutcome> {
  const toolNames = new Map<string, string>();
  for (const message of messages) for (const block of message.blocks) if (block.kind === 'tool_call') toolNames.set(block.callId, block.name);
  const changed = new Map<string, { charsBefore: number; charsAfter: number }>();
  const output: Message[] = [];
  for (const message of messages) {
    let blocks: Block[] | undefined;
    for (let index = 0; index < message.blocks.length; index++) {
      const block = message.blocks[index];
      const text = toolOutputText(message, block);
      if (text === undefined || utf8ByteLength(text) <= maxBytes) continue;
      const toolName = block.kind === 'tool_result' ? (block.name ?? toolNames.get(block.callId) ?? '') : '';
      const fromCallback = compress ? await compress({ tool_name: toolName, output: text, max_chars: maxBytes }) : undefined;
      const replacement = fromCallback ?? microcompactToolOutput(text, maxBytes);
      if (replacement === text) continue;
      blocks ??= [...message.blocks];
      blocks[index] = block.kind === 'tool_result' ? { ...block, content: replacement } : { kind: 'text', text: replacement };
      const previous = changed.get(message.id) ?? { charsBefore: 0, charsAfter: 0 };
      changed.set(message.id, { charsBefore: previous.charsBefore + text.length, charsAfter: previous.charsAfter + replacement.length });
    }
    output.push(blocks ? { ...message, blocks } : message);
  }
  return { messages: output, changed };
}

function toolOutputText(message: Message, block: Block): string | undefined {
  if (block.kind === 'tool_result') return block.content;
  return block.kind === 'text' && message.role === 'tool' ? block.text : undefined;
}
