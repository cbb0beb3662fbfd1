import type { Message } from '../../transcript/model';
import { toAdkHistory, type AdkMessage, type AdkToolCall } from './adk-records';

/**
 * One conversation turn, the seed's `HistoryTurn`: compaction only ever moves whole turns. `qa`, `createdAt`,
 * `adkMessages` and `toolCalls` are upstream's fields over the ADK reading of the transcript; `messages` are the
 * canonical messages the turn carries into the output.
 */
export interface HistoryTurn {
  /** The turn's text as the seed measures and summarizes it. */
  qa: string;
  /** The `createdAt` of the last ADK message folded into the turn, `''` included, as upstream sets it. */
  createdAt: string;
  /** The ADK messages of the turn, in order: exactly upstream's `messages`. */
  adkMessages: AdkMessage[];
  /** The tool-call records upstream attributes to this turn. */
  toolCalls: AdkToolCall[];
  /** Every canonical message the turn carries: its ADK messages plus the messages ADK keeps no message for. */
  messages: Message[];
}

/**
 * Groups a canonical transcript into turns exactly as ADK's `groupHistoryIntoTurns`
 * (`src/batteries/context/thrift/relevance.ts`) groups the history ADK's agent stores for it (`toAdkHistory`).
 *
 * The mapping, as ADK's adapters store a conversation: a user message with text is an ADK message; an assistant
 * message is one only when it has text (a response that only calls tools stores no message, so it neither closes a
 * turn nor adds a newline); tool results, thinking and system text are never messages. Each answered call is one
 * tool-call record, timed at its completion (its result's `createdAt`, else its call's, else `''`), its arguments the
 * plain object ADK keeps; a call with no result has no record yet. Then, as upstream:
 *
 * - A turn opens at an ADK message and closes at the next assistant message (inclusive); an assistant message with no
 *   open turn is a turn of its own. `qa` is the first message's content, then `\n` + content per further message.
 * - Tool-call records are then taken in order; each goes to the latest turn whose first message's `createdAt` is
 *   `localeCompare`-≤ the record's, scanning from the first turn and stopping at the first later one, and appends
 *   `\n<tool> <argText(args)>` when the tool has a name. As `''` sorts before every timestamp and equals itself, a
 *   record with no `createdAt` lands on the last turn when no message has one either, and on no turn (its text is
 *   dropped) when the first message has one.
 *
 * ADK keeps no message for a canonical message that is only tool traffic, thinking or system text, but the output is
 * made of canonical messages, so each of those rides with the turn of the nearest ADK message before it (the first
 * turn when none precedes it). That placement is ours; `qa` is upstream's. Linear in the input, plus a binary search per record.
 */
export function groupHistoryIntoTurns(messages: readonly Message[]): HistoryTurn[] {
  const history = toAdkHistory(messages);
  const turns: HistoryTurn[] = [];
  const turnOfSource = new Map<Message, HistoryTurn>();
  let open: HistoryTurn | null = null;
  for (const adkMessage of history.messages) {
    if (open) {
      open.adkMessages.push(adkMessage);
      open.qa += `\n${adkMessage.content}`;
      open.createdAt = adkMessage.createdAt;
    } else {
      open = { qa: adkMessage.content, createdAt: adkMessage.createdAt, adkMessages: [adkMessage], toolCalls: [], messages: [] };
      turns.push(open);
    }
    turnOfSource.set(adkMessage.source, open);
    if (adkMessage.role === 'assistant') open = null;
  }
  const latestStarts = runningLatestStarts(turns);
  for (const record of history.toolCalls) {
    const target = attributedTurn(turns, latestStarts, record.createdAt);
    if (!target) continue;
    target.toolCalls.push(record);
    if (record.tool) target.qa += `\n${record.tool} ${argText(record.args)}`;
  }
  placeCanonicalMessages(messages, turns, turnOfSource);
  return turns;
}

/** The seed's `argText`: JSON of the arguments cut to 200 characters; empty for absent or unserializable arguments. */
export function argText(args: unknown): string {
  if (args === null || args === undefined) return '';
  try {
    return (JSON.stringify(args) ?? '').slice(0, 200);
  } catch {
    return '';
  }
}

/**
 * Upstream's attribution: scanning from the first turn, the last one before the first turn whose first message is
 * later than the call. That first later turn is the first index where the latest start so far (by `localeCompare`) is
 * later than the call, and the latest start only grows, so a binary search finds it: the same turn as upstream's scan,
 * without its turns × calls comparisons on long untimed transcripts.
 */
function attributedTurn(turns: readonly HistoryTurn[], latestStarts: readonly string[], createdAt: string): HistoryTurn | undefined {
  let low = 0;
  let high = turns.length;
  while (low < high) {
    const middle = (low + high) >>> 1;
    if (latestStarts[middle].localeCompare(createdAt) > 0) high = middle;
    else low = middle + 1;
  }
  return low > 0 ? turns[low - 1] : undefined;
}

/** For each turn, the latest (by `localeCompare`) first-message `createdAt` among it and the turns before it. */
function runningLatestStarts(turns: readonly HistoryTurn[]): string[] {
  const latest: string[] = [];
  for (const turn of turns) {
    const start = turn.adkMessages[0].createdAt;
    const previous = latest[latest.length - 1];
    latest.push(previous !== undefined && previous.localeCompare(start) >= 0 ? previous : start);
  }
  return latest;
}

function placeCanonicalMessages(messages: readonly Message[], turns: readonly HistoryTurn[], turnOfSource: ReadonlyMap<Message, HistoryTurn>): void {
  if (turns.length === 0) return;
  let current = turns[0];
  for (const message of messages) {
    current = turnOfSource.get(message) ?? current;
    current.messages.push(message);
  }
}
