import type { CompactionMarker } from '../../transcript/model';
import { asArray, asNumber, asRecord, asString } from '../shared';

/**
 * A `condensation` action as a marker. The events it forgot (`forgotten_event_ids`, or the inclusive
 * `forgotten_events_start_id`..`forgotten_events_end_id` range) are mapped to the ids of the messages they
 * became; events that became no message (skipped state changes) drop out.
 */
export function condensationMarker(
  event: Record<string, unknown>,
  atIndex: number,
  messageIdByEventId: ReadonlyMap<string, string>,
): CompactionMarker {
  const args = asRecord(event.args) ?? {};
  const listed = asArray(args.forgotten_event_ids)?.map((id) => String(id));
  const start = asNumber(args.forgotten_events_start_id);
  const end = asNumber(args.forgotten_events_end_id);
  let eventIds: string[] = [];
  if (listed) eventIds = listed;
  else if (start !== undefined && end !== undefined) {
    eventIds = [...messageIdByEventId.keys()].filter((key) => {
      const id = Number(key);
      return Number.isFinite(id) && id >= start && id <= end;
    });
  }
  const replaced = new Set<string>();
  for (const eventId of eventIds) {
    const messageId = messageIdByEventId.get(eventId);
    if (messageId !== undefined) replaced.add(messageId);
  }
  return {
    atIndex,
    kind: 'condensation',
    summaryText: asString(args.summary),
    replacesMessageIds: replaced.size > 0 ? [...replaced] : undefined,
  };
}

/**
 * Folds an `AgentCondensationObservation` (observation `agent_condensation`, the summary as content) into the
 * marker its condensation action just opened, or returns a new marker when there is none to fill.
 */
export function foldCondensationSummary(markers: CompactionMarker[], atIndex: number, summary: string): void {
  const last = markers[markers.length - 1];
  if (last && last.atIndex === atIndex && last.kind === 'condensation' && last.summaryText === undefined) {
    last.summaryText = summary;
    return;
  }
  markers.push({ atIndex, kind: 'condensation', summaryText: summary });
}
