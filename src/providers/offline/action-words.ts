/** Commands and actions in words: a command's core and heads, an outcome, an action in a line, an error's resolution. */

import { clipItem } from './bounded-items';
import { relativeTo } from './repo-paths';
import type { Outcome, ToolAction } from './tool-actions';

/** The part of a command that says what it does: `cd dir &&`, `2>&1`, a trailing `| tail -n 20` or `| head` left out. */
export function commandCore(command: string): string {
  return command
    .replace(/^(?:cd\s+\S+\s*(?:&&|;)\s*)+/, '')
    .replace(/\s+2>&1\b/g, '')
    .replace(/\s*\|\s*(?:tail|head)(?:\s+-[nc]?\s*\d+)?\s*$/, '')
    .replace(/^timeout\s+\d+[smh]?\s+/, '')
    .trim();
}

/**
 * How an action went: ` → ok` with its verdict line, or ` → failed` with its exit code and (unless `isShort`, where the
 * error is said elsewhere) its error line; '' when no result was seen.
 */
export function describeOutcome(outcome: Outcome | undefined, isShort = false): string {
  if (!outcome) return '';
  if (outcome.isFailed) {
    const exit = outcome.exitCode !== undefined ? `, exit ${outcome.exitCode}` : '';
    return ` → failed${exit}${outcome.errors[0] && !isShort ? `: ${clipItem(outcome.errors[0], 140)}` : ''}`;
  }
  return outcome.verdict ? ` → ok: ${outcome.verdict}` : ' → ok';
}

/** The program and its first word (`git push`, `mix credo`, `npm test`) of each command a line chains with `&&` or `;`. */
export function commandHeads(command: string): string[] {
  return command.split(/&&|;|\|\|/).map((part) => commandCore(part).split(/\s+/).slice(0, 2).join(' ')).filter((head) => head.length > 0);
}

/**
 * The first later action that shows the error gone: a run of the same command (by its program and first word, alone
 * or chained) that went through, or a later change of the same file that went through.
 */
export function resolutionOf(error: { order: number }, actions: readonly ToolAction[]): string | undefined {
  const failed = actions[error.order];
  if (!failed) return undefined;
  const heads = failed.command === undefined ? [] : commandHeads(failed.command);
  const head = heads[heads.length - 1];
  for (let index = error.order + 1; index < actions.length; index++) {
    const later = actions[index];
    if (!later.outcome || later.outcome.isFailed) continue;
    if (head !== undefined && later.command !== undefined && commandHeads(later.command).includes(head)) return `resolved: \`${clipItem(later.command, 120)}\` went through later`;
    if (failed.path !== undefined && later.path === failed.path && later.kind !== 'read') return `resolved: a later ${later.tool || later.kind} of the file went through`;
  }
  return undefined;
}

/** One action in a line: what it did, to what, and how it went. */
export function describeAction(action: ToolAction, root: string | undefined): string {
  const path = action.path === undefined ? '' : relativeTo(root, action.path);
  const failure = action.outcome?.isFailed ? describeOutcome(action.outcome, true) : '';
  switch (action.kind) {
    case 'read':
      return `Read ${path}`;
    case 'create':
      return `Created ${path}${failure}`;
    case 'change': {
      const names = action.edit?.added.slice(0, 3).map((name) => `\`${name}\``).join(', ');
      return `Edited ${path}${names ? ` (${names})` : ''}${failure}`;
    }
    case 'shell':
      return `Ran ${action.command !== undefined ? `\`${clipItem(action.command, 120)}\`` : 'a command'}${describeOutcome(action.outcome, true)}`;
    case 'search':
      return `Searched ${action.pattern !== undefined ? `"${clipItem(action.pattern, 80)}"` : ''}${path ? ` in ${path}` : ''}`.trim();
    default:
      return `${action.tool || 'Tool call'}${path ? ` ${path}` : ''}${failure}`;
  }
}
