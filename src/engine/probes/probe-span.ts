import { isCompacted } from '../retention/measure-retention';
import type { RunResult } from '../run/events';
import { messageText } from '../tokens/message-text';
import type { Message, Transcript } from '../transcript/model';

/** What a probe of pass k reads: the source messages compacted by passes 1..k, and the context the agent has after k. */
export interface ProbeSpan {
  pass: number;
  /** Source messages some pass up to k did not keep verbatim, in source order. */
  compacted: Message[];
  /** The system prompt (when the source has one) and pass k's output: all the agent would see. */
  context: Message[];
}

/**
 * The probe span of `pass` (1-based): the messages any pass up to it compacted, as retention counts them. Undefined
 * when the run has no such pass.
 */
export function probeSpan(source: Transcript, result: RunResult, pass: number): ProbeSpan | undefined {
  const snapshot = result.passes.find((candidate) => candidate.pass === pass);
  if (!snapshot) return undefined;
  const compactedIds = new Set<string>();
  for (const earlier of result.passes) {
    if (earlier.pass > pass) continue;
    const outputIds = new Set(earlier.messages.map((message) => message.id));
    for (const message of source.messages) if (isCompacted(earlier, message, outputIds)) compactedIds.add(message.id);
  }
  const context = source.system ? [source.system, ...snapshot.messages] : [...snapshot.messages];
  return { pass, compacted: source.messages.filter((message) => compactedIds.has(message.id)), context };
}

/** A message as the probe prompts show it: `[role] text`, tool calls with their arguments. */
function renderMessage(message: Message): string {
  const calls = message.blocks.flatMap((block) => (block.kind === 'tool_call' ? [`(tool call ${block.name} ${block.argsRaw})`] : []));
  const text = messageText(message);
  return `[${message.role}] ${[text, ...calls].filter((part) => part !== '').join('\n')}`;
}

/** Keeps a long message's start and end: both usually say more (the command, the error at the bottom) than its middle. */
function clipMiddle(text: string, maxChars: number): string {
  if (text.length <= maxChars) return text;
  const half = Math.floor(maxChars / 2);
  return `${text.slice(0, half)}\n[… ${text.length - 2 * half} characters left out …]\n${text.slice(text.length - half)}`;
}

/** Limits on the compacted messages shown to the question writer: its prompt must fit the model's context. */
const spanLimits = { messageChars: 6_000, totalChars: 160_000 } as const;

/**
 * The compacted messages as the question writer reads them: each clipped in the middle past `messageChars`, the most
 * recent first kept when the whole exceeds `totalChars` (they hold the work in progress the agent resumes).
 */
export function renderSpan(messages: readonly Message[], limits: { messageChars: number; totalChars: number } = spanLimits): { text: string; used: number } {
  const parts: string[] = [];
  let total = 0;
  for (let index = messages.length - 1; index >= 0; index--) {
    const part = clipMiddle(renderMessage(messages[index]), limits.messageChars);
    if (parts.length > 0 && total + part.length > limits.totalChars) break;
    parts.push(part);
    total += part.length + 2;
  }
  return { text: parts.reverse().join('\n\n'), used: parts.length };
}

/** The compacted context as the answering model reads it, whole: clipping it would measure something else. */
export function renderContext(messages: readonly Message[]): string {
  return messages.map(renderMessage).join('\n\n');
}

/**
 * The span of a pass, refusing a pass that does not exist, or one that compacted nothing when new questions are to
 * be written (there is nothing to ask about; questions asked again may still be asked of a context that kept it all).
 */
export function probeableSpan(source: Transcript, result: RunResult, pass: number, isAskingAgain = false): ProbeSpan {
  const span = probeSpan(source, result, pass);
  if (!span) throw new Error(`The run has no pass ${pass} to probe.`);
  if (span.compacted.length === 0 && !isAskingAgain) throw new Error(`Pass ${pass} compacted no message, so there is nothing to probe.`);
  return span;
}
