import type { Fate, Insertion } from '../../transcript/fates';
import type { Block, Message, ToolCallBlock, ToolResultBlock } from '../../transcript/model';
import { trimMarkerPrefix } from './local-trim';
import { projectSummary } from './prepare-compaction';
import { freshMessageIds, type RepairResult } from './tool-pair-repair';
import { canonicalToolCallId, validateToolPairing } from './tool-pairing-check';

export { canonicalToolCallId, validateToolPairing, type PairingViolationKind } from './tool-pairing-check';

interface CallSlot {
  messageIndex: number;
  block: ToolCallBlock;
}

interface ResultPlace {
  messageIndex: number;
  blockIndex: number;
}

/** A fresh wire id from a canonical base: `base_2`, `base_3`, … not yet used, the stem kept under the 40-char cap. */
function freshId(base: string, used: ReadonlySet<string>): string {
  const stem = base.length > 36 ? base.slice(0, 36) : base;
  let suffix = 2;
  while (used.has(`${stem}_${suffix}`)) suffix++;
  return `${stem}_${suffix}`;
}

/** Text of the synthetic result a call with no result gets (our wording; upstream names the tool the same way). */
export function interruptedResultFor(name: string): string {
  return `[no result: "${name}" was interrupted before it returned — call it again if its output is still needed]`;
}

const summaryPrefix = projectSummary('').split('\n')[0];

/** The cut an orphan fell to: the nearest summary or trim marker at or before it in the list the repair was given. */
function cutLabel(messages: readonly Message[], fromIndex: number): { label: string; text: string } | undefined {
  for (let index = fromIndex; index >= 0; index--) {
    const message = messages[index];
    if (message.role !== 'user') continue;
    const text = message.blocks.map((block) => (block.kind === 'text' ? block.text : '')).join('');
    if (text.startsWith(summaryPrefix)) return { label: 'compaction summary', text };
    if (text.startsWith(trimMarkerPrefix)) return { label: 'local trim', text };
  }
  return undefined;
}

/**
 * The note for dropped orphans, in our words (upstream-deviations: notes are worded by us) with gh-1449's content:
 * each orphan's tool and id, the cut that removed its call, and whether that cut's text still names the call; it asks
 * for no reply.
 */
function orphanNote(orphans: ReadonlyArray<{ messageIndex: number; block: ToolResultBlock }>, messages: readonly Message[]): string {
  const clauses = orphans.map(({ messageIndex, block }) => {
    const cut = cutLabel(messages, messageIndex);
    const isNamed = cut !== undefined && cut.text.includes(canonicalToolCallId(block.callId));
    return `"${block.name ?? 'unknown tool'}" (call ${block.callId}) lost its call at the ${cut?.label ?? 'context'} cut; that cut ${isNamed ? 'still names' : 'does not name'} the call`;
  });
  if (clauses.length === 1) return `[context note: a tool result was removed — ${clauses[0]}. Nothing to answer.]`;
  return [`[context note: ${clauses.length} tool results were removed because their calls are no longer in context. Nothing to answer.`, ...clauses.map((clause) => `- ${clause}`), 'end of context note]'].join('\n');
}

type Group = { kind: 'source'; messageIndex: number; blocks: Array<{ blockIndex: number; callId: string }> } | { kind: 'synthetic'; callId: string; name: string };

/**
 * The seed's newest `repairToolPairing` (`tool_pairing.dart` at 0321a678), on canonical messages. A list whose wire view
 * is valid comes back unchanged. Otherwise: later calls whose canonical id repeats an earlier one get `<id>_2`, `_3`, …
 * on the call and its result; the k-th result of an id answers the k-th call of that id; each call's results are put
 * right after its message (a call with none gets a synthetic interrupted result); every other result is an orphan and
 * is dropped, and one note naming them rides the last user message (a note of its own at the end when there is none).
 */
export function repairToolPairingSeed(messages: readonly Message[], idPrefix: string): RepairResult {
  const fates = new Map<string, Fate>();
  const insertions: Insertion[] = [];
  if (validateToolPairing(messages).length === 0) return { messages: [...messages], fates, insertions };

  const slots: CallSlot[] = [];
  const slotsById = new Map<string, number[]>();
  const slotsByMessage = new Map<number, number[]>();
  messages.forEach((message, messageIndex) => {
    if (message.role !== 'assistant') return;
    for (const block of message.blocks) {
      if (block.kind !== 'tool_call') continue;
      slotsById.set(block.callId, [...(slotsById.get(block.callId) ?? []), slots.length]);
      slotsByMessage.set(messageIndex, [...(slotsByMessage.get(messageIndex) ?? []), slots.length]);
      slots.push({ messageIndex, block });
    }
  });

  const used = new Set(slots.map((slot) => canonicalToolCallId(slot.block.callId)));
  for (const message of messages) {
    if (message.role === 'assistant') continue;
    for (const block of message.blocks) if (block.kind === 'tool_result') used.add(canonicalToolCallId(block.callId));
  }
  const slotsByCanonical = new Map<string, number[]>();
  slots.forEach((slot, index) => {
    const key = canonicalToolCallId(slot.block.callId);
    slotsByCanonical.set(key, [...(slotsByCanonical.get(key) ?? []), index]);
  });
  const renames = new Map<number, string>();
  for (const [key, group] of slotsByCanonical) {
    for (const slot of group.slice(1)) {
      const fresh = freshId(key, used);
      used.add(fresh);
      renames.set(slot, fresh);
    }
  }

  const resultForSlot = new Map<number, ResultPlace>();
  const attached = new Set<string>();
  const orphans: Array<{ messageIndex: number; block: ToolResultBlock }> = [];
  const occurrences = new Map<string, number>();
  messages.forEach((message, messageIndex) => {
    if (message.role === 'assistant') return;
    message.blocks.forEach((block, blockIndex) => {
      if (block.kind !== 'tool_result') return;
      const callSlots = slotsById.get(block.callId);
      const occurrence = occurrences.get(block.callId) ?? 0;
      occurrences.set(block.callId, occurrence + 1);
      if (callSlots && occurrence < callSlots.length) {
        resultForSlot.set(callSlots[occurrence], { messageIndex, blockIndex });
        attached.add(`${messageIndex}:${blockIndex}`);
      } else orphans.push({ messageIndex, block });
    });
  });

  const output: Message[] = [];
  const claimId = freshMessageIds(messages);
  const emittedParts = new Map<number, number>();
  const isResultOnly = (message: Message): boolean => message.role !== 'assistant' && message.blocks.length > 0 && message.blocks.every((block) => block.kind === 'tool_result');
  const hasResults = (message: Message): boolean => message.role !== 'assistant' && message.blocks.some((block) => block.kind === 'tool_result');

  /** Whether a result message already sat right after its call (only results between them). */
  const satAfterCall = (messageIndex: number, ownerIndex: number): boolean => {
    for (let index = messageIndex - 1; index >= 0; index--) {
      if (index === ownerIndex) return true;
      if (!isResultOnly(messages[index])) return false;
    }
    return false;
  };

  const emitGroup = (group: Group, ownerIndex: number): void => {
    if (group.kind === 'synthetic') {
      const id = claimId(`${idPrefix}-interrupted-${group.callId}`);
      output.push({ id, role: 'tool', origin: 'injected', sourceRef: {}, raw: null, blocks: [{ kind: 'tool_result', callId: group.callId, name: group.name, content: interruptedResultFor(group.name), isError: true }] });
      insertions.push({ id, kind: 'marker' });
      return;
    }
    const source = messages[group.messageIndex];
    const part = (emittedParts.get(group.messageIndex) ?? 0) + 1;
    emittedParts.set(group.messageIndex, part);
    const blocks: Block[] = group.blocks.map(({ blockIndex, callId }) => {
      const block = source.blocks[blockIndex] as ToolResultBlock;
      return block.callId === callId ? block : { ...block, callId };
    });
    const isWhole = isResultOnly(source) && blocks.length === source.blocks.length && blocks.every((block, index) => block === source.blocks[index]);
    if (isWhole) {
      output.push(source);
      if (!satAfterCall(group.messageIndex, ownerIndex)) fates.set(source.id, { kind: 'repaired', reason: 'tool result moved next to its call' });
      return;
    }
    // A result message that had to be split, renamed or cleared of orphans: the first part keeps its id. (Upstream has one
    // result per message and never splits; see upstream-deviations: canonical messages may hold several results.)
    const id = part === 1 && isResultOnly(source) ? source.id : claimId(`${source.id}-results-${part}`);
    output.push({ ...source, id, blocks });
    fates.set(source.id, { kind: 'repaired', reason: 'tool results regrouped next to their calls (renamed, split or orphans removed)' });
  };

  messages.forEach((message, messageIndex) => {
    const ownSlots = slotsByMessage.get(messageIndex);
    if (!ownSlots) {
      if (!hasResults(message)) output.push(message);
      else if (!isResultOnly(message)) {
        // Text beside results stays where it was; its results go next to their calls (or out, as orphans).
        output.push({ ...message, blocks: message.blocks.filter((block) => block.kind !== 'tool_result') });
        fates.set(message.id, { kind: 'repaired', reason: 'tool results taken out of a message that also holds text' });
      } else if (![...message.blocks.keys()].some((blockIndex) => attached.has(`${messageIndex}:${blockIndex}`))) {
        fates.set(message.id, { kind: 'dropped', reason: 'orphan tool result: its call is no longer in context' });
      }
      return;
    }
    const renamedBlocks = message.blocks.map((block) => {
      if (block.kind !== 'tool_call') return block;
      const slot = ownSlots.find((index) => slots[index].block === block);
      const newId = slot === undefined ? undefined : renames.get(slot);
      return newId === undefined ? block : { ...block, callId: newId };
    });
    if (renamedBlocks.some((block, index) => block !== message.blocks[index])) {
      output.push({ ...message, blocks: renamedBlocks });
      fates.set(message.id, { kind: 'repaired', reason: 'duplicate tool-call id renamed' });
    } else output.push(message);
    const groups: Group[] = [];
    for (const slot of ownSlots) {
      const callId = renames.get(slot) ?? slots[slot].block.callId;
      const place = resultForSlot.get(slot);
      if (!place) {
        groups.push({ kind: 'synthetic', callId, name: slots[slot].block.name });
        continue;
      }
      const group = groups.find((candidate) => candidate.kind === 'source' && candidate.messageIndex === place.messageIndex);
      if (group && group.kind === 'source') group.blocks.push({ blockIndex: place.blockIndex, callId });
      else groups.push({ kind: 'source', messageIndex: place.messageIndex, blocks: [{ blockIndex: place.blockIndex, callId }] });
    }
    for (const group of groups) emitGroup(group, messageIndex);
  });

  if (orphans.length > 0) {
    const note = orphanNote(orphans, messages);
    let carrier = -1;
    for (let index = output.length - 1; index >= 0 && carrier < 0; index--) if (output[index].role === 'user') carrier = index;
    if (carrier < 0) {
      const id = claimId(`${idPrefix}-note`);
      output.push({ id, role: 'user', origin: 'injected', sourceRef: {}, raw: null, blocks: [{ kind: 'text', text: note }] });
      insertions.push({ id, kind: 'marker' });
    } else {
      const target = output[carrier];
      output[carrier] = { ...target, blocks: [...target.blocks, { kind: 'text', text: note }] };
      if (!fates.has(target.id)) fates.set(target.id, { kind: 'repaired', reason: 'carries the note about dropped tool results' });
    }
    for (const { messageIndex } of orphans) {
      const source = messages[messageIndex];
      if (!fates.has(source.id)) fates.set(source.id, { kind: 'repaired', reason: 'orphan tool result removed' });
    }
  }
  return { messages: output, fates, insertions };
}
