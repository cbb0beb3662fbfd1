import { lintToolPairs } from '../../run/pair-lint';
import type { Fate, Insertion } from '../../transcript/fates';
import type { Message, ToolResultBlock } from '../../transcript/model';

/** A repaired list, what happened to messages that were changed or removed, and the messages the repair added. */
export interface RepairResult {
  messages: Message[];
  /** Fates of messages the repair removed or changed, by id. */
  fates: Map<string, Fate>;
  insertions: Insertion[];
}

/** Text of the synthetic result given to a call whose result is gone. */
export const interruptedResultText = '[interrupted: no result was recorded for this tool call before the context was trimmed]';

/**
 * Hands out message ids no message in the list has and none handed out before: `base`, else `base-2`, `base-3`, ….
 * Inserted ids are built from call ids, and one call id can be used twice (or collide with a source id).
 */
export function freshMessageIds(messages: readonly Message[]): (base: string) => string {
  const used = new Set(messages.map((message) => message.id));
  return (base) => {
    let id = base;
    for (let suffix = 2; used.has(id); suffix++) id = `${base}-${suffix}`;
    used.add(id);
    return id;
  };
}

function isPureResultMessage(message: Message): boolean {
  return message.role === 'tool' && message.blocks.length > 0 && message.blocks.every((block) => block.kind === 'tool_result');
}

/**
 * The lab's first rendering of the seed's `repairToolPairing` (#85), left only as `localTrim`'s default for callers
 * that name no repair: results whose call is gone are dropped and named in one `[context note: …]` user note placed
 * where the first of them was; results separated from their call are moved back next to it; calls with no result get
 * a synthetic interrupted result; reused call ids stay as they are. A list that is already valid comes back unchanged.
 * Both profiles run the seed's newest rules instead (`repairToolPairingSeed` in tool-pairing.ts: note on the last user
 * message, reused ids renamed).
 */
export function repairToolPairing(messages: readonly Message[], idPrefix: string): RepairResult {
  const fates = new Map<string, Fate>();
  const insertions: Insertion[] = [];
  const lint = lintToolPairs(messages);
  if (lint.orphanResults.length === 0 && lint.unansweredCalls.length === 0 && lint.adjacencyBreaks.length === 0) {
    return { messages: [...messages], fates, insertions };
  }
  const callIds = new Set<string>();
  for (const message of messages) for (const block of message.blocks) if (block.kind === 'tool_call') callIds.add(block.callId);
  const orphans: ToolResultBlock[] = [];
  let noteAt = -1;
  const withoutOrphans: Message[] = [];
  for (const message of messages) {
    const blocks = message.blocks.filter((block) => {
      if (block.kind !== 'tool_result' || callIds.has(block.callId)) return true;
      orphans.push(block);
      return false;
    });
    if (blocks.length === message.blocks.length) withoutOrphans.push(message);
    else {
      if (noteAt < 0) noteAt = withoutOrphans.length;
      if (blocks.length === 0) fates.set(message.id, { kind: 'dropped', reason: 'orphan tool result: its call is no longer in context' });
      else {
        fates.set(message.id, { kind: 'repaired', reason: 'orphan tool result removed' });
        withoutOrphans.push({ ...message, blocks });
      }
    }
  }
  const breaks = new Set(lint.adjacencyBreaks);
  const resultMessagesByCall = new Map<string, Message[]>();
  const placed = new Set<Message>();
  for (const message of withoutOrphans) {
    if (!isPureResultMessage(message)) continue;
    const first = (message.blocks[0] as ToolResultBlock).callId;
    resultMessagesByCall.set(first, [...(resultMessagesByCall.get(first) ?? []), message]);
  }
  const claimId = freshMessageIds(messages);
  const answered = new Set<string>();
  for (const message of withoutOrphans) for (const block of message.blocks) if (block.kind === 'tool_result') answered.add(block.callId);
  const output: Message[] = [];
  withoutOrphans.forEach((message, index) => {
    if (index === noteAt) {
      const id = claimId(`${idPrefix}-note`);
      const names = orphans.map((block) => (block.name ? `${block.callId} (${block.name})` : block.callId));
      output.push({ id, role: 'user', origin: 'injected', sourceRef: {}, raw: null, blocks: [{ kind: 'text', text: `[context note: ${orphans.length} tool result(s) were dropped because their tool call is no longer in the live context: ${names.join(', ')}]` }] });
      insertions.push({ id, kind: 'marker' });
    }
    if (isPureResultMessage(message)) {
      if (placed.has(message)) return;
      const callId = (message.blocks[0] as ToolResultBlock).callId;
      if (!breaks.has(callId)) {
        placed.add(message);
        output.push(message);
      }
      return;
    }
    output.push(message);
    for (const block of message.blocks) {
      if (block.kind !== 'tool_call') continue;
      const results = (resultMessagesByCall.get(block.callId) ?? []).filter((result) => !placed.has(result));
      for (const result of results) {
        if (breaks.has(block.callId)) fates.set(result.id, { kind: 'repaired', reason: 'tool result moved next to its call' });
        placed.add(result);
        output.push(result);
      }
      if (!answered.has(block.callId)) {
        const id = claimId(`${idPrefix}-interrupted-${block.callId}`);
        output.push({ id, role: 'tool', origin: 'injected', sourceRef: {}, raw: null, blocks: [{ kind: 'tool_result', callId: block.callId, name: block.name, content: interruptedResultText, isError: true }] });
        insertions.push({ id, kind: 'marker' });
      }
    }
  });
  return { messages: output, fates, insertions };
}
