import type { Message } from '../../transcript/model';
import { messageText } from '../../tokens/message-text';
import { renderCarrier, type PinnedOperativePayload } from '../../pins/pinned-operative';

/** The text the seed probes for a pin (`_messageText` in operative_pins.dart): text blocks and tool results, no calls or thinking. */
function probedText(message: Message): string {
  return message.blocks.map((block) => (block.kind === 'text' ? block.text : block.kind === 'tool_result' ? block.content : '')).join('');
}

/** Whether the window still holds a pin: seed style looks message by message; lab style in the whole window's text. */
function isInWindow(messages: readonly Message[], line: string, style: PinnedOperativePayload['style']): boolean {
  if (style === 'seed') return messages.some((message) => probedText(message).includes(line));
  return messages.map(messageText).join('\n').includes(line);
}

/** The carrier message and the pins it had to restore because the window no longer held them. */
export interface CarrierPlacement {
  messages: Message[];
  carrierId?: string;
  restored: string[];
}

/**
 * Inserts the request-side carrier (§1.7) right after the last renumbering boundary (a summary or a trim marker;
 * after its run of tool results when the boundary is one). Nothing is inserted without pins or without a boundary.
 */
export function placeCarrier(messages: readonly Message[], pinned: PinnedOperativePayload | null, boundaryIds: ReadonlySet<string>, carrierId: string): CarrierPlacement {
  if (!pinned || pinned.pins.length === 0) return { messages: [...messages], restored: [] };
  // Boundaries are the summaries and trim markers this run wrote; upstream also finds earlier ones by their text, at
  // every request (upstream-deviations: the carrier is placed only after boundaries this run wrote).
  let boundary = -1;
  for (let index = messages.length - 1; index >= 0; index--) {
    if (boundaryIds.has(messages[index].id)) {
      boundary = index;
      break;
    }
  }
  if (boundary < 0) return { messages: [...messages], restored: [] };
  let insertAt = boundary + 1;
  if (messages[boundary].role === 'tool') while (insertAt < messages.length && messages[insertAt].role === 'tool') insertAt++;
  const restored = pinned.pins.filter((pin) => !isInWindow(messages, pin.line, pinned.style)).map((pin) => pin.line);
  const carrier: Message = {
    id: carrierId,
    role: 'user',
    origin: 'injected',
    sourceRef: {},
    raw: null,
    blocks: [{ kind: 'text', text: renderCarrier(pinned.pins, new Set(restored), pinned.style, pinned.framing.carrierIntro) }],
  };
  return { messages: [...messages.slice(0, insertAt), carrier, ...messages.slice(insertAt)], carrierId, restored };
}
