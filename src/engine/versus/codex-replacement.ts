import { isCodexBoilerplate, readResponseItem } from '../formats/codex/codex-items';
import { asArray, asRecord } from '../formats/shared';
import type { Message } from '../transcript/model';

/** The `replacement_history` items of the `compacted` record a Codex summary message was read from, when it has one. */
function replacementItems(summary: Message): Record<string, unknown>[] | undefined {
  const record = asRecord(summary.raw);
  const items = asArray(asRecord(record?.payload)?.replacement_history) ?? asArray(record?.replacement_history);
  return items?.map((item) => asRecord(item) ?? {});
}

const textOf = (message: Pick<Message, 'blocks'>): string => message.blocks.map((block) => (block.kind === 'text' ? block.text : '')).join('\n');

/**
 * What Codex continued with after a `compacted` record: its `replacement_history` (the initial instructions, the
 * user's recent messages and the summary, as Codex rebuilt the history) read as messages. The summary is the last
 * item when that is a user message, else the user message that opens with the summary's words; it takes the summary
 * message's id so a view can jump to it. Without a replacement history (older rollouts write only `message`), the
 * summary message alone. Encrypted `compaction` items are left out: nobody can read them.
 */
export function codexReplacementContext(summary: Message): Message[] {
  const items = replacementItems(summary);
  if (!items || items.length === 0) return [summary];
  const messages: Message[] = [];
  items.forEach((item, index) => {
    const read = readResponseItem(item);
    if (!read) return;
    const role = read.side === 'assistant' ? 'assistant' : read.side === 'tool' ? 'tool' : 'user';
    const origin = read.side === 'assistant' ? 'model' : read.side === 'tool' ? 'tool' : read.side === 'developer' || isCodexBoilerplate(textOf(read)) ? 'injected' : 'human';
    messages.push({ id: `${summary.id}~history-${index + 1}`, role, origin, blocks: read.blocks, sourceRef: summary.sourceRef, raw: item });
  });
  // Codex appends the summary last; an older history may hold it elsewhere, found by the summary's opening words.
  const opening = textOf(summary).trim().slice(0, 60);
  const isLastUser = (message: Message, index: number): boolean => index === messages.length - 1 && message.role === 'user' && message.origin === 'human';
  const summaryIndex = messages.findLastIndex((message, index) => isLastUser(message, index) || (opening !== '' && message.role === 'user' && textOf(message).includes(opening)));
  if (summaryIndex >= 0) messages[summaryIndex] = { ...messages[summaryIndex], id: summary.id, origin: 'summary' };
  else messages.push(summary);
  return messages;
}
