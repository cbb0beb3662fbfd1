import type { CompactionMarker, Message, Transcript, UnlistedCall } from '../../transcript/model';
import type { ImportIssue } from '../import-report';
import type { ImportContext, ImporterOutput } from '../importer';
import type { JsonLine } from '../parse-document';
import { isCodexBoilerplate, readCodexContent, readResponseItem } from './codex-items';
import { CodexMessageList, type CodexSource } from './codex-message-list';
import { codexLoggedUsage, readCodexUsage } from './codex-usage';
import { TokenFigures } from '../usage';
import { asArray, asRecord, asString } from '../shared';
import { CallIdRegistry, registerCallBlocks } from '../unique-ids';

/** Envelope record types of a rollout (cli ≥ 0.4x). */
export const ROLLOUT_TYPES = new Set(['session_meta', 'response_item', 'event_msg', 'turn_context', 'compacted']);

/** A rollout line normalised to the envelope shape; legacy bare lines are wrapped on the way in. */
interface RolloutRecord {
  line: number;
  type: string;
  payload: Record<string, unknown>;
  timestamp?: string;
  raw: unknown;
}

/** The bare header of a legacy rollout: `{id, timestamp, …}` with no `type`. */
export function isLegacyHeader(value: unknown): boolean {
  const header = asRecord(value);
  return header !== undefined && typeof header.id === 'string' && typeof header.timestamp === 'string' && !('type' in header);
}

/**
 * Wraps legacy lines (before the envelope: a bare header `{id, timestamp, instructions, git}`, `record_type`
 * markers, bare response items) into envelope records, so one reader serves both shapes.
 */
function normalise(records: readonly JsonLine[]): { records: RolloutRecord[]; unknownLines: JsonLine[]; isLegacy: boolean; hasHeader: boolean } {
  const normalised: RolloutRecord[] = [];
  const unknownLines: JsonLine[] = [];
  let isLegacy = false;
  let hasHeader = false;
  for (const entry of records) {
    const record = asRecord(entry.value);
    const type = asString(record?.type);
    const payload = asRecord(record?.payload);
    if (record && type !== undefined && payload && ROLLOUT_TYPES.has(type)) {
      if (type === 'session_meta') hasHeader = true;
      normalised.push({ line: entry.line, type, payload, timestamp: asString(record.timestamp), raw: record });
    } else if (!hasHeader && isLegacyHeader(record)) {
      // The header is taken wherever it sits (a stray line before it, or lines swapped, cost nothing), but only once.
      hasHeader = true;
      isLegacy = true;
      normalised.push({ line: entry.line, type: 'session_meta', payload: record as Record<string, unknown>, timestamp: asString(record?.timestamp), raw: record });
    } else if (record && typeof record.record_type === 'string') {
      isLegacy = true;
      // Legacy state markers hold no conversation.
    } else if (record && type !== undefined && payload === undefined && readResponseItem(record) !== undefined) {
      normalised.push({ line: entry.line, type: 'response_item', payload: record, timestamp: asString(record.timestamp), raw: record });
    } else {
      unknownLines.push(entry);
    }
  }
  return { records: normalised, unknownLines, isLegacy, hasHeader };
}

function mostCommon(values: readonly string[]): string | undefined {
  const counts = new Map<string, number>();
  for (const value of values) counts.set(value, (counts.get(value) ?? 0) + 1);
  return [...counts].sort((left, right) => right[1] - left[1])[0]?.[0];
}

function textOf(message: Message): string {
  return message.blocks.map((block) => (block.kind === 'text' ? block.text : '')).join('\n');
}

/** Picks which user turns the human typed: those mirrored by a `user_message` event (exact text, else nearest line). */
function markHumanTurns(candidates: { message: Message; line: number }[], events: { text: string; line: number }[]): void {
  if (events.length === 0) return;
  const open = candidates.filter((candidate) => candidate.message.origin === 'human').sort((left, right) => left.line - right.line);
  for (const candidate of open) candidate.message.origin = 'injected';
  // Texts are trimmed once and indexed, so each event finds its exact match without rescanning every turn.
  const byText = new Map<string, number[]>();
  open.forEach((candidate, index) => {
    const text = textOf(candidate.message).trim();
    const indexes = byText.get(text);
    if (indexes) indexes.push(index);
    else byText.set(text, [index]);
  });
  const isClaimed = new Uint8Array(open.length);
  for (const event of events) {
    const sameText = byText.get(event.text.trim())?.find((index) => isClaimed[index] === 0);
    const index = sameText ?? nearestUnclaimed(open, isClaimed, event.line);
    if (index === undefined) continue;
    isClaimed[index] = 1;
    open[index].message.origin = 'human';
  }
}

/** The unclaimed candidate nearest to `line` (the earlier one on a tie), found by binary search from the line. */
function nearestUnclaimed(open: readonly { line: number }[], isClaimed: Uint8Array, line: number): number | undefined {
  let low = 0;
  let high = open.length;
  while (low < high) {
    const middle = (low + high) >> 1;
    if (open[middle].line < line) low = middle + 1;
    else high = middle;
  }
  let left = low - 1;
  let right = low;
  while (left >= 0 && isClaimed[left] === 1) left -= 1;
  while (right < open.length && isClaimed[right] === 1) right += 1;
  if (left < 0) return right < open.length ? right : undefined;
  if (right >= open.length) return left;
  return line - open[left].line <= open[right].line - line ? left : right;
}

/** Reads a Codex rollout (envelope or legacy) into one transcript. */
export function readRollout(lines: readonly JsonLine[], context: ImportContext): ImporterOutput {
  const warnings: ImportIssue[] = [];
  const { records, unknownLines, isLegacy, hasHeader } = normalise(lines);
  const list = new CodexMessageList();
  const callIds = new CallIdRegistry();
  const markers: CompactionMarker[] = [];
  const unknownItems = new Map<string, { count: number; line: number }>();
  const userCandidates: { message: Message; line: number }[] = [];
  const userEvents: { text: string; line: number }[] = [];
  const models: string[] = [];
  let meta: Record<string, unknown> = {};
  let system: Message | undefined;
  let model: string | undefined;
  let awaitingUsage: Message | undefined;
  let lastUsageKey: string | undefined;
  let lastInfo: Record<string, unknown> | undefined;
  let lastInfoLine: number | undefined;
  // A call whose usage comes with no new message to carry it (the call that wrote a compaction's summary, one that
  // answered with nothing the rollout keeps) was still billed: it is kept for the bill, apart from the messages.
  const unlistedCalls: UnlistedCall[] = [];

  for (const record of records) {
    const { payload } = record;
    const source: CodexSource = { line: record.line, record: record.raw, createdAt: record.timestamp, itemId: asString(payload.id) };
    if (record.type === 'session_meta') {
      meta = payload;
      model = asString(payload.model) ?? model;
      const instructions = asString(asRecord(payload.base_instructions)?.text) ?? asString(payload.instructions);
      if (instructions !== undefined && system === undefined) {
        system = { id: 'codex-system', role: 'system', origin: 'injected', blocks: [{ kind: 'text', text: instructions }], sourceRef: { line: record.line }, raw: record.raw };
      }
    } else if (record.type === 'turn_context') {
      model = asString(payload.model) ?? model;
      if (model !== undefined) models.push(model);
    } else if (record.type === 'response_item') {
      const item = readResponseItem(payload);
      if (item) registerCallBlocks(item.blocks, callIds, { line: record.line });
      if (!item) {
        const type = asString(payload.type) ?? 'untyped';
        const seen = unknownItems.get(type) ?? { count: 0, line: record.line };
        unknownItems.set(type, { ...seen, count: seen.count + 1 });
      } else if (item.side === 'assistant') {
        const added = list.addAssistant(item.blocks, source, model);
        if (added.isNew) awaitingUsage = added.message;
      } else if (item.side === 'tool') {
        list.add('tool', 'tool', item.blocks, source);
      } else {
        const text = item.blocks.map((block) => (block.kind === 'text' ? block.text : '')).join('\n');
        const isHuman = item.side === 'user' && !isCodexBoilerplate(text);
        const message = list.add('user', isHuman ? 'human' : 'injected', item.blocks, source);
        if (item.side === 'user') userCandidates.push({ message, line: record.line });
      }
    } else if (record.type === 'event_msg') {
      // Event messages mirror response items for the UI: read for usage and for who typed what, never counted.
      if (payload.type === 'user_message') userEvents.push({ text: asString(payload.message) ?? '', line: record.line });
      // A turn that ends aborted or in error before its token_count leaves the call's output without usage: that
      // output is what the interrupted or failed call wrote. After a token_count the last call had finished, and the
      // abort hit a tool or the wait between calls, so no message gets the stop.
      if ((payload.type === 'turn_aborted' || payload.type === 'error') && awaitingUsage) {
        awaitingUsage.stop = { reason: payload.type === 'error' ? 'error' : 'aborted', raw: payload.type };
        awaitingUsage = undefined;
      }
      const info = payload.type === 'token_count' ? asRecord(payload.info) : undefined;
      const key = info ? JSON.stringify(info.total_token_usage ?? info) : undefined;
      if (info && key !== lastUsageKey) {
        lastUsageKey = key;
        lastInfo = info;
        lastInfoLine = record.line;
        const figures = new TokenFigures();
        const usage = readCodexUsage(info.last_token_usage, figures);
        warnings.push(...figures.issues({ line: record.line, path: 'payload.info.last_token_usage' }));
        if (usage && awaitingUsage) awaitingUsage.usage = usage;
        else if (usage) unlistedCalls.push({ usage, model, at: record.timestamp, sourceRef: { line: record.line } });
        awaitingUsage = undefined;
      }
    } else if (record.type === 'compacted') {
      list.close();
      const replacement = asArray(payload.replacement_history);
      const summaryText = asString(payload.message) || replacementSummary(replacement);
      const marker: CompactionMarker = {
        atIndex: list.messages.length,
        kind: 'compacted',
        summaryText,
        replacementItemCount: replacement?.length,
        isOpaque: summaryText === undefined ? true : undefined,
      };
      if (summaryText !== undefined) {
        marker.summaryMessageId = list.add('user', 'summary', [{ kind: 'text', text: summaryText }], source).id;
      }
      markers.push(marker);
    }
  }
  markHumanTurns(userCandidates, userEvents);

  for (const [type, { count, line }] of unknownItems) {
    warnings.push({ message: `${count} response item(s) of unknown type "${type}" skipped (first at line ${line}).`, line });
  }
  warnings.push(...callIds.reuseWarnings());
  if (isLegacy && !hasHeader) {
    warnings.push({ message: 'no session header line (id, timestamp, instructions) found; the session id and instructions are unknown' });
  }
  if (unknownLines.length > 0) {
    warnings.push({ message: `${unknownLines.length} line(s) that are not rollout records skipped (first at line ${unknownLines[0].line}).`, line: unknownLines[0].line });
  }
  if (records.length === 0) return { transcripts: [], errors: [], warnings };
  const loggedFigures = new TokenFigures();
  const loggedUsage = codexLoggedUsage(lastInfo, loggedFigures);
  warnings.push(...loggedFigures.issues({ line: lastInfoLine, path: 'payload.info' }));

  const transcript: Transcript = {
    id: asString(meta.id) ?? context.fileName ?? 'codex',
    source: { format: 'codex', fileName: context.fileName },
    system,
    messages: list.messages,
    markers,
    meta: { model: mostCommon(models) ?? model, loggedUsage, ...(unlistedCalls.length > 0 ? { unlistedCalls } : {}), details: detailsOf(meta) },
  };
  return { transcripts: [transcript], errors: [], warnings };
}

/**
 * When `message` is empty, a locally rebuilt history carries the summary as its last user message; a remote
 * compaction carries an encrypted `compaction` item instead, and then there is no readable summary.
 */
function replacementSummary(replacement: unknown[] | undefined): string | undefined {
  const items = (replacement ?? []).map(asRecord);
  if (items.some((item) => String(item?.type).startsWith('compaction'))) return undefined;
  const summary = items.filter((item) => item?.type === 'message' && item.role === 'user').at(-1);
  if (!summary) return undefined;
  const text = readCodexContent(summary.content).map((block) => (block.kind === 'text' ? block.text : '')).join('\n');
  return text === '' ? undefined : text;
}

function detailsOf(meta: Record<string, unknown>): Record<string, string> {
  const git = asRecord(meta.git);
  const entries: [string, unknown][] = [
    ['sessionId', meta.id],
    ['cwd', meta.cwd],
    ['originator', meta.originator],
    ['cliVersion', meta.cli_version],
    ['source', meta.source],
    ['modelProvider', meta.model_provider],
    ['gitBranch', git?.branch],
    ['gitCommit', git?.commit_hash],
  ];
  return Object.fromEntries(entries.filter((entry): entry is [string, string] => typeof entry[1] === 'string'));
}
