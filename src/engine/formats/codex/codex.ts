import type { Importer } from '../importer';
import type { JsonLine, ParsedDocument } from '../parse-document';
import { EXEC_STREAM_TYPES, readExecStream } from './codex-exec-stream';
import { readResponseItem } from './codex-items';
import { isLegacyHeader, ROLLOUT_TYPES, readRollout } from './codex-rollout';
import { isClearlyOwnList, type EntryShape } from '../entry-shape';
import { asRecord, asString } from '../shared';

/** How many leading records `detect` inspects. */
const DETECT_RECORD_LIMIT = 20;

function documentRecords(parsed: ParsedDocument): JsonLine[] {
  if (parsed.kind === 'jsonl') return parsed.records;
  // A one-line rollout parses as plain JSON; it is still a JSONL file of one record.
  if (parsed.kind === 'json' && asRecord(parsed.value)) return [{ line: 1, value: parsed.value }];
  return [];
}

function isEnvelope(value: unknown): boolean {
  const record = asRecord(value);
  return record !== undefined && asRecord(record.payload) !== undefined && ROLLOUT_TYPES.has(String(record.type));
}

/**
 * Legacy rollout: among the leading records, its bare header or a `record_type` marker, and a bare response item.
 * The header is looked for anywhere in the head, not only first: a file whose header line was swapped, follows a
 * stray line, or was deleted still shows its markers and items, and loses only what the header held.
 */
function isLegacyRollout(records: readonly JsonLine[]): boolean {
  const values = records.map((entry) => asRecord(entry.value));
  const hasMark = values.some((record) => isLegacyHeader(record) || typeof record?.record_type === 'string');
  return hasMark && values.some((record) => record !== undefined && !isLegacyHeader(record) && readResponseItem(record) !== undefined);
}

/** An exec-stream event has a `type`: a known one makes it this format's, any other value a damaged one. */
function execEventShape(record: Record<string, unknown>): EntryShape {
  if (EXEC_STREAM_TYPES.has(asString(record.type) ?? '')) return 'own';
  return Object.hasOwn(record, 'type') ? 'damaged' : 'foreign';
}

/**
 * The `codex exec --json` stream: a thread, item or turn completion among the leading events, and those events
 * clearly of the stream (`isClearlyOwnList`: an event with a damaged type is skipped when read, not the file).
 */
function isExecStream(records: readonly JsonLine[]): boolean {
  const values = records.map((entry) => entry.value);
  const types = values.map((value) => asString(asRecord(value)?.type));
  return types.some((type) => type === 'thread.started' || type === 'item.completed' || type === 'turn.completed')
    && isClearlyOwnList(values, values.length, execEventShape);
}

/**
 * Codex CLI sessions: rollout JSONL (`~/.codex/sessions/…/rollout-*.jsonl`) in the envelope format and the legacy
 * pre-envelope one, and the `codex exec --json` event stream. Tool calls link on `call_id` (the item id in the
 * exec stream); `event_msg` mirrors are read for usage but never counted as messages; `compacted` records become
 * compaction markers.
 */
export const codexImporter: Importer = {
  id: 'codex',
  label: 'Codex CLI session (JSONL)',
  detect(parsed) {
    const head = documentRecords(parsed).slice(0, DETECT_RECORD_LIMIT);
    return head.some((entry) => isEnvelope(entry.value)) || isLegacyRollout(head) || isExecStream(head);
  },
  read(parsed, context) {
    const records = documentRecords(parsed);
    const head = records.slice(0, DETECT_RECORD_LIMIT);
    if (!head.some((entry) => isEnvelope(entry.value)) && !isLegacyRollout(head) && isExecStream(head)) {
      return readExecStream(records, context);
    }
    return readRollout(records, context);
  },
};
