import type { Block, Message } from '../../transcript/model';

/**
 * The id a provider adapter puts on the wire (`tool_pairing.dart` `canonicalToolCallId`): every character outside
 * `[a-zA-Z0-9_-]` becomes `_`, then the first 40 characters. Two raw ids with one wire form are duplicates.
 */
export function canonicalToolCallId(id: string): string {
  const sanitized = id.replace(/[^a-zA-Z0-9_-]/g, '_');
  return sanitized.length <= 40 ? sanitized : sanitized.slice(0, 40);
}

/** What a wire-level pairing check found wrong, in the provider's terms. */
export type PairingViolationKind = 'orphaned-result' | 'unanswered-call' | 'duplicate-call-id' | 'duplicate-result' | 'interleaved-result';

/** One wire-level pairing violation, by canonical call id. */
export interface PairingViolation {
  kind: PairingViolationKind;
  callId: string;
}

type WireItem = { kind: 'assistant'; callIds: string[] } | { kind: 'user'; entries: Array<string | null> };

function isVisible(block: Block): boolean {
  return block.kind === 'image' || (block.kind === 'text' && block.text.trim().length > 0);
}

/**
 * The request a strict provider validates: consecutive results and user text merge into one user message, assistants
 * with no call and no non-blank text vanish (a thinking-only turn), blank user text vanishes, ids are canonical.
 */
function wireView(messages: readonly Message[]): WireItem[] {
  const wire: WireItem[] = [];
  let entries: Array<string | null> = [];
  const flush = (): void => {
    if (entries.length > 0) wire.push({ kind: 'user', entries });
    entries = [];
  };
  for (const message of messages) {
    if (message.role === 'assistant') {
      flush();
      const callIds = message.blocks.flatMap((block) => (block.kind === 'tool_call' ? [canonicalToolCallId(block.callId)] : []));
      const hasText = message.blocks.some((block) => block.kind === 'text' && block.text.trim().length > 0);
      if (callIds.length > 0 || hasText) wire.push({ kind: 'assistant', callIds });
      continue;
    }
    // A canonical message may mix results and text (upstream keeps them apart); each block stands where it is.
    for (const block of message.blocks) {
      if (block.kind === 'tool_result') entries.push(canonicalToolCallId(block.callId));
      else if (isVisible(block)) entries.push(null);
    }
  }
  flush();
  return wire;
}

function flagUnanswered(pending: readonly string[], answered: ReadonlySet<string>, violations: PairingViolation[]): void {
  for (const callId of pending) if (!answered.has(callId)) violations.push({ kind: 'unanswered-call', callId });
}

/**
 * The seed's `validateToolPairing`: every result must answer a call of the wire message right before it, come before
 * any text in its own wire message, and answer it once; every call must be answered; no call id twice. Empty = safe.
 */
export function validateToolPairing(messages: readonly Message[]): PairingViolation[] {
  const violations: PairingViolation[] = [];
  const seenCalls = new Set<string>();
  const answered = new Set<string>();
  let pending: string[] = [];
  for (const item of wireView(messages)) {
    if (item.kind === 'assistant') {
      flagUnanswered(pending, answered, violations);
      pending = item.callIds;
      for (const callId of item.callIds) {
        if (seenCalls.has(callId)) violations.push({ kind: 'duplicate-call-id', callId });
        else seenCalls.add(callId);
      }
      continue;
    }
    let sawText = false;
    for (const callId of item.entries) {
      if (callId === null) {
        sawText = true;
        continue;
      }
      if (answered.has(callId)) violations.push({ kind: 'duplicate-result', callId });
      else if (pending.includes(callId)) {
        answered.add(callId);
        if (sawText) violations.push({ kind: 'interleaved-result', callId });
      } else violations.push({ kind: 'orphaned-result', callId });
    }
    flagUnanswered(pending, answered, violations);
    pending = [];
  }
  flagUnanswered(pending, answered, violations);
  return violations;
}
