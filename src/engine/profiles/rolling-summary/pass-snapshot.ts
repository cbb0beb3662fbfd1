import type { PassFlag, PassSnapshot } from '../../run/events';
import type { Fate, Insertion } from '../../transcript/fates';
import { lintToolPairs } from '../../run/pair-lint';
import type { EngineError } from '../../run/ports';
import type { Message } from '../../transcript/model';

/** What one pass did, before lint and flags are derived from it. */
export interface PassOutline {
  pass: number;
  tokensBefore: number;
  tokensAfter: number;
  strategy: string;
  attempts: number;
  ok: boolean;
  error?: EngineError;
  messages: Message[];
  fates: Record<string, Fate>;
  insertions: Insertion[];
  durationMs: number;
  summary?: string;
}

/** A full snapshot: the outline plus the tool-pair lint of its output and the `inflation` flag when tokens grew. */
export function buildPassSnapshot(outline: PassOutline): PassSnapshot {
  const flags: PassFlag[] = outline.tokensAfter > outline.tokensBefore ? ['inflation'] : [];
  return { ...outline, lint: lintToolPairs(outline.messages), flags };
}

/** Every source message kept as it was: the fates of a pass that changed nothing (a failed or cancelled one). */
export function keptFates(messages: readonly Message[]): Record<string, Fate> {
  const fates: Record<string, Fate> = {};
  for (const message of messages) fates[message.id] = { kind: 'kept' };
  return fates;
}

/** Older messages summarized into `summaryId`, recent ones kept. */
export function compactedFates(olderMessages: readonly Message[], recentMessages: readonly Message[], summaryId: string): Record<string, Fate> {
  const fates: Record<string, Fate> = {};
  for (const message of olderMessages) fates[message.id] = { kind: 'summarized', summaryId };
  for (const message of recentMessages) fates[message.id] = { kind: 'kept' };
  return fates;
}
