import type { Block, ImageBlock, Message } from '../transcript/model';

/**
 * Fixed token estimate per image: 1,600 tokens. Anthropic documents image cost as (width × height) / 750 tokens,
 * with images resized to at most ~1.15 megapixels, so a full-size image costs about 1,600 tokens
 * (docs.anthropic.com → Vision → "Calculate image costs"). We keep no pixel sizes, so every image gets that ceiling;
 * the seeds' pi heuristic (4,800 chars ≈ 1,200 tokens per image) is in `piMessageTokenEstimate`.
 */
export const imageTokenEstimateTokens = 1600;

/** Estimated tokens for one image block: a documented constant, never a tokenization of its bytes or URL. */
export function imageTokenEstimate(_block: ImageBlock): number {
  return imageTokenEstimateTokens;
}

/**
 * The exact text we count for one block, or undefined when the block has no countable text:
 * text → its text; thinking → its text (redacted thinking is an opaque payload, not text the model reads: skipped);
 * tool call → `name + '\n' + argsRaw` (the verbatim arguments, not a re-serialization); tool result → its content;
 * image → nothing (see `imageTokenEstimate`).
 */
export function blockText(block: Block): string | undefined {
  switch (block.kind) {
    case 'text':
      return block.text;
    case 'thinking':
      return block.isRedacted ? undefined : block.text;
    case 'tool_call':
      return `${block.name}\n${block.argsRaw}`;
    case 'tool_result':
      return block.content;
    case 'image':
      return undefined;
  }
}

/**
 * The exact text we count for a message: the `blockText` of every block in order, empty ones left out,
 * joined with '\n'. Role names and provider framing tokens are not included, so counts compare across formats.
 */
export function messageText(message: Message): string {
  const parts: string[] = [];
  for (const block of message.blocks) {
    const text = blockText(block);
    if (text) parts.push(text);
  }
  return parts.length === 1 ? parts[0] : parts.join('\n');
}

/** Sum of `imageTokenEstimate` over the message's image blocks. */
export function messageImageTokens(message: Message): number {
  let total = 0;
  for (const block of message.blocks) if (block.kind === 'image') total += imageTokenEstimate(block);
  return total;
}
