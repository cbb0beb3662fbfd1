import type { ContextParts } from './context-parts';

/** What the note reads of one side: its parts, how many needed facts it keeps, and those only an added message holds. */
interface AddedSide {
  holds: ContextParts;
  kept: number;
  needed: number;
  keptOnlyByAdded: readonly unknown[];
}

const plural = (count: number, word: string): string => `${count} ${word}${count === 1 ? '' : 's'}`;

/** `2 needed facts are held only there (without them it keeps 10 of 20)`, or that none is; nothing when the text is redacted. */
function onlyThere(side: AddedSide, isRedacted: boolean): string {
  if (isRedacted) return '';
  const only = side.keptOnlyByAdded.length;
  if (only === 0) return '; no needed fact is held only there';
  return `; ${plural(only, 'needed fact')} ${only === 1 ? 'is' : 'are'} held only there (without them it keeps ${side.kept - only} of ${side.needed})`;
}

/**
 * Which side of a comparison holds messages added beside its summary, in a plain sentence: on the agent's side what its
 * harness put after the summary (Claude Code's hook output, local-command output, re-attached files), which a
 * profile's run on the messages before the boundary never sees; on the profile's, messages its run inserted. Says how
 * many needed facts only those messages hold, and what the side keeps without them, so a score a hook re-supplied is
 * told from one the summary earned (not when the source redacted the text: then no count of facts means anything).
 */
export function addedNote(agent: AddedSide, profile: AddedSide, isRedacted: boolean): string {
  const [agentAdded, profileAdded] = [agent.holds.added, profile.holds.added];
  const agentPart = `${plural(agentAdded, 'message')} the agent's harness put after its summary (hook output, local-command output, re-attached files), which the profile's run never sees`;
  const profilePart = `${plural(profileAdded, 'message')} the profile's run inserted beside its summary`;
  if (agentAdded === 0 && profileAdded === 0) return 'Neither context holds messages added beside its summary (hook output, re-attached files): each is measured on its summary and the history it kept.';
  if (profileAdded === 0) return `Only the agent's context holds added messages: ${agentPart}${onlyThere(agent, isRedacted)}.`;
  if (agentAdded === 0) return `Only the profile's context holds added messages: ${profilePart}${onlyThere(profile, isRedacted)}.`;
  return `Both contexts hold added messages: in the agent's, ${agentPart}${onlyThere(agent, isRedacted)}; in the profile's, ${profilePart}${onlyThere(profile, isRedacted)}.`;
}
