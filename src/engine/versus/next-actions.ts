import { findFacts } from '../retention/fact-check';
import type { FactCategory } from '../retention/facts';
import { pathArgument, retentionText, shellCommandOf } from '../retention/retention-text';
import type { Message, ToolCallBlock } from '../transcript/model';
import { commandCore } from '../retention/command-core';

/** One of the agent's first tool calls after the boundary, and whether a context names what it acted on. */
interface NextAction {
  /** What the call acted on: the path it read or changed, else the core of the command it ran, else the URL it fetched. */
  target: string;
  /** Whether the target is a path, a command core or a URL. */
  targetKind: 'path' | 'command' | 'url';
  /** The name of the tool the agent called. */
  tool: string;
  /** Id of the message (after the boundary) that holds the call. */
  messageId: string;
  /** Whether the context names the target. */
  isInContext: boolean;
}

/** The agent's next actions checked against one context: how many of their targets it names. */
export interface NextActions {
  /** The agent's first tool calls after the boundary that act on something, in order. */
  actions: NextAction[];
  /** How many of `actions` the context names the target of. */
  found: number;
  /** How many actions were checked (`actions.length`). */
  total: number;
}

const patchFile = /^\*\*\* (?:Update|Add|Delete) File: (.+)$/m;

/** What a tool call acted on, or undefined when it names nothing to check (a plan update, a question to the user). */
function targetOf(call: ToolCallBlock): Pick<NextAction, 'target' | 'targetKind'> | undefined {
  const command = shellCommandOf(call);
  if (command) {
    const core = commandCore(command);
    return core ? { target: core, targetKind: 'command' } : undefined;
  }
  if (typeof call.args === 'string') {
    // Codex's apply_patch carries the patch itself: its first file is what it changed.
    const file = patchFile.exec(call.args)?.[1]?.trim();
    return file ? { target: file, targetKind: 'path' } : undefined;
  }
  if (call.args === null || typeof call.args !== 'object') return undefined;
  const entries = Object.entries(call.args as Record<string, unknown>);
  const path = entries.find(([key, value]) => pathArgument.test(key) && typeof value === 'string' && value.trim() !== '')?.[1];
  if (typeof path === 'string') return { target: path.trim(), targetKind: 'path' };
  const url = entries.find(([key, value]) => key === 'url' && typeof value === 'string' && /^https?:\/\//.test(value))?.[1];
  return typeof url === 'string' ? { target: url, targetKind: 'url' } : undefined;
}

/**
 * The agent's first `count` tool calls after the boundary that act on something (calls without a path, command or URL
 * are passed over), each checked against the context as retention checks a fact: normalized, whole words, a long path
 * also by its `parent/basename`.
 */
export function nextActions(after: readonly Message[], context: readonly Message[], count = 5): NextActions {
  const actions: Omit<NextAction, 'isInContext'>[] = [];
  for (const message of after) {
    if (message.role !== 'assistant' || actions.length >= count) continue;
    for (const block of message.blocks) {
      if (block.kind !== 'tool_call' || actions.length >= count) continue;
      const target = targetOf(block);
      if (target) actions.push({ ...target, tool: block.name, messageId: message.id });
    }
  }
  const categories: Record<NextAction['targetKind'], FactCategory> = { path: 'path', command: 'command', url: 'url' };
  const found = findFacts(
    actions.map((action) => ({ category: categories[action.targetKind], text: action.target, sourceMessageId: action.messageId })),
    context.map(retentionText).join('\n'),
  );
  const checked = actions.map((action, index) => ({ ...action, isInContext: found[index] }));
  return { actions: checked, found: checked.filter((action) => action.isInContext).length, total: checked.length };
}
