import type { Fate } from '../../transcript/fates';
import { defaultMask, maskPreserveBytes } from '../../strategies/observation-mask';
import { messageText } from '../../tokens/message-text';
import { utf8ByteLength } from '../../tokens/estimate';
import type { Block, Message } from '../../transcript/model';
import { withoutUsage } from '../auto-compactor/parts';
import { microcompactMessages } from '../two-tier/parts';

/** A stage that rewrites message contents in place (no message is added or removed, so tool pairs stay whole). */
export interface InPlaceOutcome {
  messages: Message[];
  /** New fates of the source messages the stage changed, by id. */
  fates: Map<string, Fate>;
  changed: number;
}

function holdsPin(message: Message, pins: ReadonlySet<string>): boolean {
  if (pins.size === 0) return false;
  const text = messageText(message);
  for (const line of pins) if (text.includes(line)) return true;
  return false;
}

/**
 * A changed list drops every usage anchor: the provider's count described the old contents, and seed 1's estimate
 * would otherwise keep reporting it.
 */
function settle(messages: Message[], changed: number): Message[] {
  return changed === 0 ? messages : messages.map(withoutUsage);
}

/**
 * Seed 3's microcompaction (spec §3.6) over every tool output above `maxBytes`. A message holding a pinned line is
 * left whole, so no stage can cut a pin out of the context window at all.
 */
export async function microcompactStage(messages: readonly Message[], maxBytes: number, pins: ReadonlySet<string>): Promise<InPlaceOutcome> {
  const micro = await microcompactMessages(messages, maxBytes);
  const fates = new Map<string, Fate>();
  const output = micro.messages.map((message, index) => {
    const change = micro.changed.get(message.id);
    if (!change) return message;
    if (holdsPin(messages[index], pins)) return messages[index];
    fates.set(message.id, { kind: 'microcompacted', ...change });
    return message;
  });
  return { messages: settle(output, fates.size), fates, changed: fates.size };
}

function maskBlock(block: Block, role: string): Block {
  if (block.kind === 'tool_result' && utf8ByteLength(block.content) >= maskPreserveBytes) return { ...block, content: defaultMask(role, block.content) };
  if (block.kind === 'text' && role === 'tool' && utf8ByteLength(block.text) >= maskPreserveBytes) return { kind: 'text', text: defaultMask(role, block.text) };
  return block;
}

/**
 * Seed 3's default observation mask (spec §3.5) applied in place: each tool output older than the last `keepLast`
 * messages that is at least 500 bytes and more than three lines becomes its first-line preview and a masked count.
 * Messages stay where they are, so the summary stage still sees the turn structure and tool pairs stay whole.
 */
export function observationMaskStage(messages: readonly Message[], keepLast: number, pins: ReadonlySet<string>): InPlaceOutcome {
  const fates = new Map<string, Fate>();
  const end = Math.max(0, messages.length - keepLast);
  const output = messages.map((message, index) => {
    if (index >= end || holdsPin(message, pins)) return message;
    const role = message.role === 'tool' || message.blocks.some((block) => block.kind === 'tool_result') ? 'tool' : message.role;
    if (role !== 'tool') return message;
    const blocks = message.blocks.map((block) => maskBlock(block, role));
    if (blocks.every((block, blockIndex) => block === message.blocks[blockIndex] || sameContent(block, message.blocks[blockIndex]))) return message;
    fates.set(message.id, { kind: 'masked' });
    return { ...message, blocks };
  });
  return { messages: settle(output, fates.size), fates, changed: fates.size };
}

function sameContent(left: Block, right: Block): boolean {
  if (left.kind === 'tool_result' && right.kind === 'tool_result') return left.content === right.content;
  if (left.kind === 'text' && right.kind === 'text') return left.text === right.text;
  return false;
}
