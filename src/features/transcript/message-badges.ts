import type { Message } from '../../engine/transcript';

/** A small label in a message's header, with the tooltip that explains it. */
export interface MessageBadge {
  label: string;
  title: string;
}

const ORIGIN_TITLES: Partial<Record<Message['origin'], string>> = {
  injected: 'written by the harness, not typed by the human',
  summary: 'a summary from an earlier compaction',
};

/**
 * The badges a message header shows beyond its role: an origin the role does not imply (injected, summary), a prompt
 * queued while the agent worked, and a subagent's sidechain. Kept apart from the row so the rule is unit-tested.
 */
export function messageBadges(message: Message): MessageBadge[] {
  const badges: MessageBadge[] = [];
  const originTitle = ORIGIN_TITLES[message.origin];
  if (originTitle) badges.push({ label: message.origin, title: originTitle });
  if (message.isQueued) badges.push({ label: 'queued', title: 'typed while the agent was working; it reached the model from the prompt queue' });
  if (message.isSidechain) badges.push({ label: 'sidechain', title: 'a subagent message, not part of the main context' });
  return badges;
}
