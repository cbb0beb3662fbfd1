import type { Fate, Insertion } from '../../transcript/fates';
import type { Message } from '../../transcript/model';
import { defaultTrimMarker } from './default-prompts';
import { repairToolPairing, type RepairResult } from './tool-pair-repair';

/**
 * How every trim marker opens: seed 1's tool-pair repair names a cut by it, and the page's breakdowns and the offline
 * summarizer know an engine note by it, so an override replaces only what follows.
 */
export const trimMarkerPrefix = '[context trimmed locally:';

/** The marker text: the prefix, then the template with the dropped count, a UTC ISO-8601 time and the reason filled. */
export function localTrimMarkerText(droppedMessages: number, isoTime: string, reason: string, template: string = defaultTrimMarker): string {
  const values: Record<string, string> = { dropped_count: String(droppedMessages), time: isoTime, reason };
  const body = template.replace(/\{\{\s*(dropped_count|time|reason)\s*\}\}/g, (_, name: string) => values[name]);
  return `${trimMarkerPrefix} ${body}]`;
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
  /** Why the context is trimmed rather than summarized, as the marker says it ("the summarizer failed: …"). */
  reason: string;
  /** The marker's sentence (`prompts.trimMarker`); `defaultTrimMarker` when absent. */
  template?: string;
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
export function localTrim(messages: readonly Message[], keepRecentTokens: number, messageTokens: (message: Message) => number, nowMs: number, idPrefix: string, options: LocalTrimOptions): LocalTrimResult | null {
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
    blocks: [{ kind: 'text', text: localTrimMarkerText(cut, new Date(nowMs).toISOString(), options.reason, options.template) }],
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
