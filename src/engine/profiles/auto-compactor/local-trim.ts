import type { Fate, Insertion } from '../../transcript/fates';
import type { Message } from '../../transcript/model';
import { repairToolPairing, type RepairResult } from './tool-pair-repair';

/** The seed's local-trim marker (§1.6), with the dropped count and a UTC ISO-8601 time. */
export function localTrimMarkerText(droppedMessages: number, isoTime: string): string {
  return `[context trimmed locally: the summarizer endpoint was unavailable, ${droppedMessages} older message(s) were dropped from the live context at ${isoTime} — the full history stays in the session file]`;
}

/** A local trim's output: marker first, then the kept suffix, tool pairs repaired. */
export interface LocalTrimResult {
  messages: Message[];
  droppedMessages: number;
  dropped: Message[];
  markerId: string;
  repairFates: Map<string, Fate>;
  insertions: Insertion[];
}

/** Removes the provider usage anchor, so the next estimate counts what is really left. */
export function withoutUsage(message: Message): Message {
  if (message.role !== 'assistant' || message.usage === undefined) return message;
  const copy = { ...message };
  delete copy.usage;
  return copy;
}

/** How a profile runs the valve; the defaults are what the unified profile has always used. */
export interface LocalTrimOptions {
  /** The pair repair run over the trimmed list: the lab's first rendering by default; the auto-compactor passes the seed's. */
  repair?(messages: readonly Message[], idPrefix: string): RepairResult;
  /**
   * Seed 1 (`auto_compactor.dart` `_localTrimFallback`) also returns null when the newest message alone is over the
   * budget, so nothing would be kept; the unified profile leaves this off and keeps the marker alone.
   */
  isNullWhenNothingKept?: boolean;
}

/**
 * The emergency valve (§1.6): keeps the longest suffix whose estimate is ≤ keepRecentTokens (the message that crosses
 * it, strictly, is dropped), prepends the marker and repairs tool pairing. Null when nothing is droppable.
 */
export function localTrim(messages: readonly Message[], keepRecentTokens: number, messageTokens: (message: Message) => number, nowMs: number, idPrefix: string, options: LocalTrimOptions = {}): LocalTrimResult | null {
  if (messages.length === 0) return null;
  let sum = 0;
  let cut = 0;
  for (let index = messages.length - 1; index >= 0; index--) {
    sum += messageTokens(messages[index]);
    if (sum > keepRecentTokens) {
      cut = index + 1;
      break;
    }
  }
  if (cut === 0) return null;
  if (options.isNullWhenNothingKept && cut >= messages.length) return null;
  const markerId = `${idPrefix}-trim-marker`;
  const marker: Message = {
    id: markerId,
    role: 'user',
    origin: 'injected',
    sourceRef: {},
    raw: null,
    // Milliseconds, where the Dart VM prints microseconds (upstream-deviations: trim marker time).
    blocks: [{ kind: 'text', text: localTrimMarkerText(cut, new Date(nowMs).toISOString()) }],
  };
  const repaired = (options.repair ?? repairToolPairing)([marker, ...messages.slice(cut).map(withoutUsage)], idPrefix);
  return {
    messages: repaired.messages,
    droppedMessages: cut,
    dropped: messages.slice(0, cut),
    markerId,
    repairFates: repaired.fates,
    insertions: [{ id: markerId, kind: 'marker' }, ...repaired.insertions],
  };
}
