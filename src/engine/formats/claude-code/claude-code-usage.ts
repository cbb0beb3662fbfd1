import { asRecord, asString } from '../shared';

/** The key the lines of one API response share: `message.id` (the line's uuid when it has none), then `requestId`. */
export function responseKey(record: Record<string, unknown>): string | undefined {
  const id = asString(asRecord(record.message)?.id) ?? asString(record.uuid);
  return id === undefined ? undefined : `${id}|${asString(record.requestId) ?? ''}`;
}
