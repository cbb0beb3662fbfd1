import { findNeeded } from '../retention/need-weighted';
import type { NeededFact } from '../retention/facts';
import { retentionText } from '../retention/retention-text';
import type { Message } from '../transcript/model';

/**
 * What a message of a compacted context is: the compaction's `summary`; history `kept` from before the boundary (the
 * same message, or Codex's re-sent user turns); or a message `added` beside the summary that is neither — what the
 * harness injected after it (Claude Code's hook output, local-command output, re-attached files, re-sent instructions)
 * or a block a profile inserted.
 */
type ContextPart = 'summary' | 'kept' | 'added';

/** Message counts of a compacted context by part. */
export type ContextParts = Record<ContextPart, number>;

/** Where a needed fact a context holds was found first: its summary, its kept history, an added message, or the system prompt. */
export type FactSource = ContextPart | 'system';

/** The part of a compacted context a message is, given the ids of the messages the agent held before the boundary. */
function contextPartOf(message: Message, beforeIds: ReadonlySet<string>): ContextPart {
  if (message.origin === 'summary') return 'summary';
  if (beforeIds.has(message.id)) return 'kept';
  return message.origin === 'injected' ? 'added' : 'kept';
}

/** How many messages of each part a context holds. */
export function contextParts(context: readonly Message[], beforeIds: ReadonlySet<string>): ContextParts {
  const parts: ContextParts = { summary: 0, kept: 0, added: 0 };
  for (const message of context) parts[contextPartOf(message, beforeIds)] += 1;
  return parts;
}

/**
 * Where each needed fact a context holds was found, looked up in order: the summary, then the kept history, then the
 * added messages, then the system prompt — so a fact is credited to the summary whenever the summary holds it, and to
 * an added message only when nothing else does. `undefined` for a fact the context does not hold.
 */
export function factSources(needed: readonly NeededFact[], context: readonly Message[], beforeIds: ReadonlySet<string>, system: Message | undefined): (FactSource | undefined)[] {
  const textOf = (part: ContextPart): string => context.filter((message) => contextPartOf(message, beforeIds) === part).map(retentionText).join('\n');
  const order: [FactSource, string][] = [['summary', textOf('summary')], ['kept', textOf('kept')], ['added', textOf('added')], ['system', system ? retentionText(system) : '']];
  const found = order.map(([source, text]) => ({ source, found: text === '' ? needed.map(() => false) : findNeeded(needed, text) }));
  return needed.map((_, index) => found.find((entry) => entry.found[index])?.source);
}

/** A redaction placeholder as redacting exporters write them: `[REDACTED_TEXT len=37 sha=c488308f]`, `[REDACTED]`. */
const placeholder = /\[REDACTED[A-Z_]*(?:\s+[a-z]+=[^\]\s]*)*\]/g;

/** What a message said in its own words: its text, its tool calls' arguments and its tool results (tool names left out). */
function wordsOf(message: Message): string {
  return message.blocks
    .map((block) => (block.kind === 'text' ? block.text : block.kind === 'tool_call' ? block.argsRaw : block.kind === 'tool_result' ? block.content : ''))
    .join('\n');
}

/** Whether a message's words are only redaction placeholders: whatever it said, the source kept none of it. */
function isRedacted(message: Message): boolean {
  const text = wordsOf(message);
  return text.match(placeholder) !== null && text.replace(placeholder, '').trim() === '';
}

/** How many of a part's messages with any text hold only redaction placeholders. */
interface RedactedCount {
  /** Messages whose words are only redaction placeholders. */
  redacted: number;
  /** Messages with any text. */
  of: number;
}

function redactedCount(messages: readonly Message[]): RedactedCount {
  const withText = messages.filter((message) => wordsOf(message).trim() !== '');
  return { redacted: withText.filter(isRedacted).length, of: withText.length };
}

/** A cut whose text the source redacted: retention and next actions read text, so neither can be measured. */
export interface Redaction {
  /** Redacted messages in the compacted part, where the needed facts come from. */
  compactedPart: RedactedCount;
  /** Redacted messages after the boundary, where their uses and the next actions are found. */
  after: RedactedCount;
  /** What was redacted and what it means for the comparison, in a sentence. */
  note: string;
}

/**
 * Whether the source redacted the text a comparison reads: the compacted part (where the needed facts come from) or
 * what the agent did after the boundary (where their uses and the next actions are found) holds redaction placeholders
 * in at least half of its messages with text. Then "the agent used none of the compacted facts again" and "0 of 0"
 * next actions would be about placeholders, not the session.
 */
export function redactionOf(compactedPart: readonly Message[], after: readonly Message[]): Redaction | undefined {
  const parts = { compactedPart: redactedCount(compactedPart), after: redactedCount(after) };
  const isMostlyRedacted = (count: RedactedCount): boolean => count.of > 0 && count.redacted * 2 >= count.of;
  if (!isMostlyRedacted(parts.compactedPart) && !isMostlyRedacted(parts.after)) return undefined;
  const share = (count: RedactedCount, what: string): string => `${count.redacted} of the ${count.of} ${what}`;
  const note =
    `The source redacted the text: ${share(parts.compactedPart, 'messages before the boundary')} and ${share(parts.after, 'after it')} hold only placeholders ([REDACTED_…]), ` +
    'so retention and next actions cannot be measured: the needed facts and the agent’s uses of them are not in the file.';
  return { ...parts, note };
}
