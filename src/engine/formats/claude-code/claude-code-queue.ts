import type { Message } from '../../transcript/model';
import type { ClaudeCodeLine } from './claude-code-branch';
import { isInjectedText } from './claude-code-blocks';
import { asArray, asRecord, asString } from '../shared';

/**
 * A prompt the human typed while the agent worked that only the queue ledger (`queue-operation` lines) records.
 * It is imported as a `queued_command` attachment line, the shape newer Claude Code versions write for the same thing.
 */
export interface QueuedPrompt {
  /** The stand-in attachment line; its `line` is the `enqueue` line, where the text is. */
  entry: ClaudeCodeLine;
  /** The file line where the model took the prompt: the ledger line that took it off the queue, else the enqueue. */
  placeAt: number;
  /** The untouched `enqueue` record, kept as the message's `raw`. */
  source: Record<string, unknown>;
}

/** An `enqueue` still waiting in the replayed queue. */
interface Waiting {
  line: number;
  record: Record<string, unknown>;
  text: string;
}

/** Text of a prompt as the ledger or a user line stores it: a string, or text blocks joined by line breaks. */
function promptText(content: unknown): string {
  if (typeof content === 'string') return content.trim();
  const parts = asArray(content) ?? [];
  return parts.map((part) => asString(part) ?? asString(asRecord(part)?.text) ?? '').join('\n').trim();
}

/** The slash command a typed prompt runs (`/mcp`, `/compact keep tests`), which Claude Code logs as `<command-name>`. */
function slashCommandOf(text: string): string | undefined {
  return /^\/[\w:-]+/.exec(text)?.[0];
}

/**
 * Replays the ledger: `enqueue` adds a prompt, `dequeue` takes the oldest (it runs as the next turn), `remove` takes
 * the one it names (absorbed mid-turn), `popAll` hands every waiting prompt back to the input box (never sent, so
 * never imported). Returns the prompts that were taken, or still wait at the end of the file, with where.
 */
function replayQueue(lines: readonly ClaudeCodeLine[]): { prompt: Waiting; placeAt: number }[] {
  const waiting: Waiting[] = [];
  const taken: { prompt: Waiting; placeAt: number }[] = [];
  for (const { line, record } of lines) {
    if (record.type !== 'queue-operation') continue;
    const operation = asString(record.operation);
    if (operation === 'enqueue') {
      waiting.push({ line, record, text: promptText(record.content) });
    } else if (operation === 'dequeue') {
      const prompt = waiting.shift();
      if (prompt) taken.push({ prompt, placeAt: line });
    } else if (operation === 'remove') {
      const named = promptText(record.content);
      const index = Math.max(0, waiting.findIndex((prompt) => prompt.text === named));
      const [prompt] = waiting.splice(index, 1);
      if (prompt) taken.push({ prompt, placeAt: line });
    } else if (operation === 'popAll') {
      waiting.length = 0;
    }
  }
  for (const prompt of waiting) taken.push({ prompt, placeAt: prompt.line });
  return taken;
}

/** Where each text reached the conversation through an ordinary line (a user turn, a queued_command attachment, a command echo). */
function deliveredTexts(lines: readonly ClaudeCodeLine[]): { line: number; text: string }[] {
  const delivered: { line: number; text: string }[] = [];
  for (const { line, record } of lines) {
    const attachment = asRecord(record.attachment);
    let text: string | undefined;
    if (record.type === 'user') text = promptText(asRecord(record.message)?.content);
    else if (record.type === 'attachment' && attachment?.type === 'queued_command') text = promptText(attachment.prompt);
    else if (record.type === 'system' && typeof record.content === 'string') text = record.content;
    if (text) delivered.push({ line, text });
  }
  return delivered;
}

/** True when `text` holds the prompt whole: the same text, one of its line-separated parts, or the command it runs. */
function carries(text: string, prompt: string): boolean {
  if (text === prompt || `\n${text}\n`.includes(`\n${prompt}\n`)) return true;
  const command = slashCommandOf(prompt);
  return command !== undefined && text.includes(`<command-name>${command}</command-name>`);
}

/**
 * The queued prompts that appear nowhere else in the file. Task notifications and other harness text are not what
 * the human typed and are left out; a prompt that a later line carries (a dequeued prompt run as the next turn, a
 * `queued_command` attachment, a slash command's echo) is already a message and is not imported twice. Each later
 * line accounts for a given text once, so a prompt typed twice and delivered once is still imported once. In file order.
 */
export function readQueuedPrompts(lines: readonly ClaudeCodeLine[]): QueuedPrompt[] {
  const delivered = deliveredTexts(lines);
  const used = new Set<string>();
  const prompts: QueuedPrompt[] = [];
  // Latest first, each taking the earliest free carrier after it: a prompt typed twice but delivered once leaves the
  // earlier copy unmatched (absorbed mid-turn), not the later one.
  const taken = replayQueue(lines).sort((left, right) => right.prompt.line - left.prompt.line);
  for (const { prompt, placeAt } of taken) {
    if (prompt.text === '' || isInjectedText(prompt.text)) continue;
    const carrier = delivered.find(({ line, text }) => line > prompt.line && !used.has(`${line}\u0000${prompt.text}`) && carries(text, prompt.text));
    if (carrier) {
      used.add(`${carrier.line}\u0000${prompt.text}`);
      continue;
    }
    const record: Record<string, unknown> = {
      type: 'attachment',
      uuid: `queued-${prompt.line}`,
      timestamp: prompt.record.timestamp,
      sessionId: prompt.record.sessionId,
      attachment: { type: 'queued_command', prompt: prompt.record.content },
    };
    prompts.push({ entry: { line: prompt.line, record }, placeAt, source: prompt.record });
  }
  return prompts.reverse();
}

function toolUseIds(record: Record<string, unknown>, blockType: 'tool_use' | 'tool_result'): string[] {
  const blocks = asArray(asRecord(record.message)?.content) ?? [];
  return blocks.flatMap((value) => {
    const block = asRecord(value);
    const id = block?.type !== blockType ? undefined : asString(blockType === 'tool_use' ? block.id : block.tool_use_id);
    return id === undefined ? [] : [id];
  });
}

function responseId(record: Record<string, unknown>): string | undefined {
  return record.type === 'assistant' ? asString(asRecord(record.message)?.id) : undefined;
}

/**
 * Puts the queued prompts among the selected lines at the place the model took them. A prompt never lands inside a
 * tool exchange or a split response: it waits until the line that answers an open call, or continues the previous
 * line's response, has passed, so every call keeps its result right after it.
 */
export function placeQueuedPrompts(selected: readonly ClaudeCodeLine[], prompts: readonly QueuedPrompt[]): ClaudeCodeLine[] {
  if (prompts.length === 0) return [...selected];
  const pending = [...prompts].sort((left, right) => left.placeAt - right.placeAt || left.entry.line - right.entry.line);
  const placed: ClaudeCodeLine[] = [];
  const held: ClaudeCodeLine[] = [];
  const openCalls = new Set<string>();
  let previousResponse: string | undefined;
  let next = 0;
  for (const entry of selected) {
    while (next < pending.length && pending[next].placeAt < entry.line) held.push(pending[next++].entry);
    if (entry.record.isSidechain !== true) {
      const answersOpenCall = toolUseIds(entry.record, 'tool_result').some((id) => openCalls.has(id));
      const response = responseId(entry.record);
      const continuesResponse = response !== undefined && response === previousResponse;
      if (held.length > 0 && !answersOpenCall && !continuesResponse) placed.push(...held.splice(0));
      for (const id of toolUseIds(entry.record, 'tool_use')) openCalls.add(id);
      for (const id of toolUseIds(entry.record, 'tool_result')) openCalls.delete(id);
      previousResponse = response;
    }
    placed.push(entry);
  }
  placed.push(...held, ...pending.slice(next).map((prompt) => prompt.entry));
  return placed;
}

/**
 * Flags the messages that are queued prompts: those built from the ledger (their `raw` becomes the `enqueue` record)
 * and those from a `queued_command` attachment, when a human typed them.
 */
export function markQueuedMessages(messages: Message[], prompts: readonly QueuedPrompt[]): void {
  const sources = new Map(prompts.map((prompt) => [prompt.entry.record, prompt.source]));
  for (const message of messages) {
    const record = asRecord(message.raw);
    if (!record || message.origin !== 'human') continue;
    const source = sources.get(record);
    if (source) message.raw = source;
    if (source || (record.type === 'attachment' && asRecord(record.attachment)?.type === 'queued_command')) message.isQueued = true;
  }
}
