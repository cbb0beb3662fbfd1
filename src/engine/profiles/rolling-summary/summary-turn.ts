import type { Message } from '../../transcript/model';
import type { HistoryTurn } from './group-history-into-turns';

/** The line that opens the summary message's content (spec §2.3), byte for byte. */
const summaryContentPrefix = '[Earlier conversation, compacted summary]\n';

/** `new Date(0).toISOString()`: the summary sorts before every real turn. */
const summaryCreatedAt = '1970-01-01T00:00:00.000Z';

/**
 * The synthetic summary turn (spec §2.3 step 8): `qa` is the summary text, and its one message is a user message with
 * id `summaryMessageId`, the prefixed summary as its only text, and the epoch as `createdAt`. Origin `summary` tells
 * the rest of the lab it is an insertion. It carries no tool calls.
 */
export function buildSummaryTurn(summaryText: string, summaryMessageId: string): HistoryTurn {
  const message: Message = {
    id: summaryMessageId,
    role: 'user',
    origin: 'summary',
    blocks: [{ kind: 'text', text: `${summaryContentPrefix}${summaryText}` }],
    createdAt: summaryCreatedAt,
    sourceRef: {},
    raw: null,
  };
  const adkMessage = { role: 'user' as const, content: `${summaryContentPrefix}${summaryText}`, createdAt: summaryCreatedAt, source: message };
  return { qa: summaryText, createdAt: summaryCreatedAt, adkMessages: [adkMessage], toolCalls: [], messages: [message] };
}
