import type { Message } from '../../transcript/model';
import type { HistoryTurn } from './group-history-into-turns';

/** The canonical messages the summary replaces and the ones the output keeps verbatim, each in source order. */
export interface MessageSplit {
  summarized: Message[];
  kept: Message[];
}

/**
 * Splits the canonical messages between the summary and the verbatim tail without splitting a tool pair. Upstream
 * keeps whole turns, and a call there is one record with its result inside, so it cannot be split; here a call and
 * its result are separate messages that may sit on both sides of the cut. Messages sharing a call id (transitively)
 * take one fate:
 *
 * - kept when every one of them is in a kept turn, or when one is an ADK message of a kept turn (upstream keeps that
 *   message, so its partners are kept too, even from an older turn);
 * - summarized otherwise: the kept ones are only tool traffic ADK stores no message for, so dropping them with their
 *   partners loses nothing upstream keeps.
 *
 * The ADK messages kept are therefore exactly upstream's recent turns' messages, plus older ones only when a tool
 * pair joins two ADK messages across the cut.
 */
export function splitForOutput(olderTurns: readonly HistoryTurn[], recentTurns: readonly HistoryTurn[]): MessageSplit {
  const recent = new Set(recentTurns.flatMap((turn) => turn.messages));
  const keptAdk = new Set(recentTurns.flatMap((turn) => turn.adkMessages.map((adkMessage) => adkMessage.source)));
  const all = [...olderTurns, ...recentTurns].flatMap((turn) => turn.messages);
  const groups = toolPairGroups(all);
  const hasOlder = new Set<number>();
  const isAnchored = new Set<number>();
  all.forEach((message, index) => {
    if (!recent.has(message)) hasOlder.add(groups[index]);
    if (keptAdk.has(message)) isAnchored.add(groups[index]);
  });
  const split: MessageSplit = { summarized: [], kept: [] };
  all.forEach((message, index) => {
    const group = groups[index];
    if (!hasOlder.has(group) || isAnchored.has(group)) split.kept.push(message);
    else split.summarized.push(message);
  });
  return split;
}

/** A group number per message: messages linked through shared call ids (transitively) share one. */
function toolPairGroups(messages: readonly Message[]): number[] {
  const parent = messages.map((_, index) => index);
  const find = (index: number): number => {
    let root = index;
    while (parent[root] !== root) root = parent[root];
    for (let node = index; parent[node] !== root; ) {
      const next = parent[node];
      parent[node] = root;
      node = next;
    }
    return root;
  };
  const holderOfCall = new Map<string, number>();
  messages.forEach((message, index) => {
    for (const block of message.blocks) {
      if (block.kind !== 'tool_call' && block.kind !== 'tool_result') continue;
      const holder = holderOfCall.get(block.callId);
      if (holder === undefined) holderOfCall.set(block.callId, index);
      else parent[find(index)] = find(holder);
    }
  });
  return messages.map((_, index) => find(index));
}
