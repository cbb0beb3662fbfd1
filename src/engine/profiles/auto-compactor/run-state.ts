import { lintToolPairs } from '../../run/pair-lint';
import type { PassFlag, PassSnapshot } from '../../run/events';
import type { Fate, Insertion } from '../../transcript/fates';
import type { Message } from '../../transcript/model';
import type { PinnedOperativePayload } from '../../pins/pinned-operative';
import { placeCarrier } from './pinned-carrier';
import { projectSummary, unwrapSummary, type CompactionRecord } from './prepare-compaction';
import { withoutUsage } from './local-trim';
import type { RepairResult } from './tool-pair-repair';

/** What a run knows between passes: the projected list, every source message's fate, and what it inserted. */
export interface RunState {
  messages: Message[];
  fates: Map<string, Fate>;
  records: Map<string, CompactionRecord>;
  boundaryIds: Set<string>;
  insertedKinds: Map<string, Insertion['kind']>;
  /**
   * Compaction records an earlier run wrote, by summary message id (the auto-compactor's carried state). A summary
   * opening the list is read from here — raw summary and file lists — rather than from its projected text.
   */
  carriedRecords?: ReadonlyMap<string, CompactionRecord>;
}

/** The starting state: every source message kept. */
export function initialState(messages: readonly Message[]): RunState {
  return {
    messages: [...messages],
    fates: new Map(messages.map((message) => [message.id, { kind: 'kept' } as Fate])),
    records: new Map(),
    boundaryIds: new Set(),
    insertedKinds: new Map(),
  };
}

/** The compaction record a message stands for: one of ours (this run's or a carried one), or a source summary opening the list. */
export function recordOf(state: RunState, message: Message, index: number): CompactionRecord | undefined {
  const own = state.records.get(message.id);
  if (own) return own;
  if (index !== 0) return undefined;
  const carried = state.carriedRecords?.get(message.id);
  if (carried) return carried;
  if (message.origin !== 'summary') return undefined;
  const text = message.blocks.map((block) => (block.kind === 'text' ? block.text : '')).join('');
  return { summary: unwrapSummary(text), fileOperations: { readFiles: [], modifiedFiles: [] } };
}

/** Moves every fate that points into `fromSummaryId` to `toFate` (a superseded or trimmed summary). */
function redirectFates(state: RunState, fromSummaryId: string, toFate: Fate): void {
  for (const [id, fate] of state.fates) if (fate.kind === 'summarized' && fate.summaryId === fromSummaryId) state.fates.set(id, toFate);
}

/** Applies a successful summary: the summarized span folds into the new summary message, the kept region follows. */
export function applySummary(state: RunState, summaryId: string, record: CompactionRecord, summarized: readonly Message[], kept: readonly Message[]): void {
  const previous = state.messages[0];
  if (previous && state.records.has(previous.id)) redirectFates(state, previous.id, { kind: 'summarized', summaryId });
  else if (previous && state.fates.has(previous.id) && recordOf(state, previous, 0)) state.fates.set(previous.id, { kind: 'summarized', summaryId });
  for (const message of summarized) if (state.fates.has(message.id)) state.fates.set(message.id, { kind: 'summarized', summaryId });
  const summaryMessage: Message = {
    id: summaryId,
    role: 'user',
    origin: 'summary',
    sourceRef: {},
    raw: null,
    blocks: [{ kind: 'text', text: projectSummary(record.summary) }],
  };
  state.records.set(summaryId, record);
  state.boundaryIds.add(summaryId);
  state.insertedKinds.set(summaryId, 'summary');
  // Stale generation-time usage would keep the estimate high forever: the seed zeroes it on every assistant.
  state.messages = [summaryMessage, ...kept.map(withoutUsage)];
}

/** Applies a local trim: dropped messages are trimmed (and so is whatever a dropped summary held), repairs recorded. */
export function applyTrim(state: RunState, trimmed: { messages: Message[]; dropped: Message[]; markerId: string; repairFates: Map<string, Fate>; insertions: Insertion[] }): void {
  for (const message of trimmed.dropped) {
    if (state.records.has(message.id)) redirectFates(state, message.id, { kind: 'trimmed' });
    if (state.fates.has(message.id)) state.fates.set(message.id, { kind: 'trimmed' });
  }
  for (const [id, fate] of trimmed.repairFates) if (state.fates.has(id)) state.fates.set(id, fate);
  for (const insertion of trimmed.insertions) state.insertedKinds.set(insertion.id, insertion.kind);
  state.boundaryIds.add(trimmed.markerId);
  state.messages = trimmed.messages;
}

/**
 * Puts a tool-pair repair of the current list into the state: fates of the source messages it moved, changed or
 * dropped, and the notes and synthetic results it inserted. Returns how many messages it touched (0: list unchanged).
 */
export function applyRepair(state: RunState, repaired: RepairResult): number {
  for (const [id, fate] of repaired.fates) if (state.fates.has(id)) state.fates.set(id, fate);
  for (const insertion of repaired.insertions) state.insertedKinds.set(insertion.id, insertion.kind);
  state.messages = repaired.messages;
  return repaired.fates.size + repaired.insertions.length;
}

/** The list a request would carry: the projection plus the pinned carrier after the last boundary. */
export function outputMessages(state: RunState, pinned: PinnedOperativePayload | null, pass: number, idPrefix = 'auto-compactor'): { messages: Message[]; restored: string[] } {
  const carrierId = `${idPrefix}-p${pass}-pins`;
  const placement = placeCarrier(state.messages, pinned, state.boundaryIds, carrierId);
  if (placement.carrierId) state.insertedKinds.set(placement.carrierId, 'pinned-carrier');
  return { messages: placement.messages, restored: placement.restored };
}

/** What a pass reports besides the state: the snapshot's own figures, with notices always present. */
export type PassReport = Pick<PassSnapshot, 'pass' | 'tokensBefore' | 'tokensAfter' | 'strategy' | 'attempts' | 'fallback' | 'ok' | 'error' | 'durationMs' | 'summary' | 'droppedMessages'> & {
  notices: string[];
  extraFlags?: PassFlag[];
};

/** Builds the pass snapshot: fates of every source id, insertions present in the output, the pair lint, the flags. */
export function buildSnapshot(state: RunState, output: Message[], report: PassReport): PassSnapshot {
  const flags: PassFlag[] = [...(report.extraFlags ?? [])];
  if (report.tokensAfter > report.tokensBefore) flags.push('inflation');
  const insertions: Insertion[] = [];
  for (const message of output) {
    const kind = state.insertedKinds.get(message.id);
    if (kind) insertions.push({ id: message.id, kind });
  }
  return {
    pass: report.pass,
    tokensBefore: report.tokensBefore,
    tokensAfter: report.tokensAfter,
    strategy: report.strategy,
    attempts: report.attempts,
    fallback: report.fallback,
    ok: report.ok,
    error: report.error,
    messages: output,
    fates: Object.fromEntries(state.fates),
    insertions,
    lint: lintToolPairs(output),
    flags,
    durationMs: report.durationMs,
    summary: report.summary,
    notices: report.notices,
    droppedMessages: report.droppedMessages,
  };
}
