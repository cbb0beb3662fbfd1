import { asArray, asRecord, asString } from '../shared';

/** How Claude Code's interruption marker begins ("[Request interrupted by user]", "… for tool use]"). */
const INTERRUPTION = '[Request interrupted by user';

/** How a Claude Code line names its parent: a uuid, none (a root), or a value that is no uuid at all (damage). */
export type ParentLink = { kind: 'uuid'; uuid: string } | { kind: 'root' } | { kind: 'damaged'; value: unknown };

/** Reads `parentUuid`: absent or null is a root, a string a link, anything else a damaged link. */
export function readParentLink(record: Record<string, unknown>): ParentLink {
  const value = record.parentUuid;
  if (typeof value === 'string') return { kind: 'uuid', uuid: value };
  if (value === undefined || value === null) return { kind: 'root' };
  return { kind: 'damaged', value };
}

/** Names the kind of a JSON value that stands where a uuid should, for an issue ("null", "a number", …). */
export function describeNonUuid(value: unknown): string {
  if (value === undefined) return 'missing';
  if (value === null) return 'null';
  if (Array.isArray(value)) return 'an array';
  if (typeof value === 'object') return 'an object';
  if (typeof value === 'number') return 'a number';
  if (typeof value === 'boolean') return 'a boolean';
  return typeof value === 'string' ? 'a string' : 'not a uuid';
}

/**
 * Whether a line without a parent can be a true start. Only a prompt submission can: an edit of the first prompt writes
 * a new prompt (with its attachments) without a parent. A response answers something, a tool result answers a call, a
 * compaction summary follows its boundary, and system and progress lines follow what they report on, so such a line
 * without a parent has lost its link.
 */
export function canStartConversation(record: Record<string, unknown>): boolean {
  if (record.type === 'attachment') return true;
  if (record.type !== 'user' || record.isCompactSummary === true) return false;
  const content = asRecord(record.message)?.content;
  const blocks = (asArray(content) ?? []).map(asRecord);
  if (blocks.some((block) => block?.type === 'tool_result')) return false;
  // "[Request interrupted by user]" is written after a response it cut short, often as the session's last line.
  const texts = typeof content === 'string' ? [content] : blocks.map((block) => (block?.type === 'text' ? asString(block.text) : undefined));
  return !(texts.length > 0 && texts.every((text) => text?.startsWith(INTERRUPTION) === true));
}
