import type { Block, Message, Origin, Role } from '../../transcript/model';

/** Where a Codex item came from, for ids, source references and `raw`. */
export interface CodexSource {
  line: number;
  record: unknown;
  createdAt?: string;
  /** The source's own item id, used as the message id when present and not taken yet. */
  itemId?: string;
}

/**
 * Builds the canonical message list of a Codex run. Consecutive assistant-side items (reasoning, text, tool calls)
 * between two non-assistant items are one sampling request's output, so they become ONE assistant message: it
 * then looks like a Chat/Messages-API turn (parallel calls in one message, their outputs right after), which keeps
 * tool pairs inside one turn and gives compaction a natural cut point. Each tool output is its own `tool` message.
 */
export class CodexMessageList {
  readonly messages: Message[] = [];
  private openAssistant: Message | undefined;
  private readonly usedIds = new Set<string>();

  private uniqueId(source: CodexSource): string {
    const candidates = [source.itemId, `codex-${source.line}`];
    let id = candidates.find((candidate) => candidate !== undefined && candidate !== '' && !this.usedIds.has(candidate));
    for (let suffix = 2; id === undefined; suffix += 1) {
      const candidate = `codex-${source.line}-${suffix}`;
      if (!this.usedIds.has(candidate)) id = candidate;
    }
    this.usedIds.add(id);
    return id;
  }

  /**
   * Appends assistant-side blocks to the open assistant message, or opens one. Returns the message and whether it
   * was created by this call. Assistant `raw` is always the array of source records grouped into it.
   */
  addAssistant(blocks: Block[], source: CodexSource, model?: string): { message: Message; isNew: boolean } {
    if (this.openAssistant) {
      this.openAssistant.blocks.push(...blocks);
      (this.openAssistant.raw as unknown[]).push(source.record);
      return { message: this.openAssistant, isNew: false };
    }
    const message: Message = {
      id: this.uniqueId(source),
      role: 'assistant',
      origin: 'model',
      blocks,
      model,
      createdAt: source.createdAt,
      sourceRef: { line: source.line },
      raw: [source.record],
    };
    this.messages.push(message);
    this.openAssistant = message;
    return { message, isNew: true };
  }

  /** Appends a non-assistant message; it closes the open assistant message. */
  add(role: Role, origin: Origin, blocks: Block[], source: CodexSource): Message {
    this.close();
    const message: Message = {
      id: this.uniqueId(source),
      role,
      origin,
      blocks,
      createdAt: source.createdAt,
      sourceRef: { line: source.line },
      raw: source.record,
    };
    this.messages.push(message);
    return message;
  }

  /** Ends the current assistant group (a compaction or turn boundary lies between it and what follows). */
  close(): void {
    this.openAssistant = undefined;
  }
}
