import type { Block, Message, Origin, ToolResultBlock } from '../../transcript/model';
import type { ImportIssue } from '../import-report';
import type { Importer, ImporterOutput } from '../importer';
import { asArray, asRecord, asString } from '../shared';
import { CallIdRegistry } from '../unique-ids';
import { readChatContent, readChatThinking, readChatToolCalls } from './swe-agent-chat-message';
import { readSweAgentRunFacts } from './swe-agent-meta';
import { TokenFigures } from '../usage';

/** The legacy (pre function-calling) pairing state: the synthesized call awaiting its observation. */
interface LegacyState {
  isLegacy: boolean;
  pendingCallId?: string;
  pairCount: number;
}

/** SWE-agent ≥ 1.0 labels observations; 0.x files do not, and there any non-demo user turn after an action is one. */
function isObservation(entry: unknown): boolean {
  const record = asRecord(entry);
  if (record?.role !== 'user' && record?.role !== 'tool') return false;
  return record.message_type === undefined ? record.is_demo !== true : record.message_type === 'observation';
}

/** Text of a Chat content value, for a tool result (images are kept as separate blocks). */
function splitToolContent(blocks: Block[]): { text: string; others: Block[] } {
  const text = blocks.flatMap((block) => (block.kind === 'text' ? [block.text] : [])).join('\n');
  return { text, others: blocks.filter((block) => block.kind !== 'text') };
}

function toolResultIds(record: Record<string, unknown>): string[] {
  const list = (asArray(record.tool_call_ids) ?? []).filter((value): value is string => typeof value === 'string');
  const single = asString(record.tool_call_id);
  return list.length > 0 ? list : single ? [single] : [];
}

/**
 * One history entry as a canonical message. Legacy runs have no tool ids: an `action` assistant message that
 * is directly followed by an `observation` gets a synthesized call `swe-action-<n>`, and that observation
 * becomes its result (pairing by position, which the importer reports in a warning).
 */
function readEntry(
  record: Record<string, unknown>,
  index: number,
  history: unknown[],
  context: { registry: CallIdRegistry; legacy: LegacyState; seenAssistant: boolean; warnings: ImportIssue[] },
): Message | undefined {
  const path = `history[${index}]`;
  const { registry, legacy, warnings } = context;
  const role = asString(record.role);
  const messageType = asString(record.message_type);
  const base = { id: `history-${index}`, sourceRef: { index }, raw: record };
  const contentBlocks = readChatContent(record.content, `${path}.content`, warnings);
  if (role === 'assistant') {
    const blocks: Block[] = [...readChatThinking(record), ...contentBlocks];
    blocks.push(...readChatToolCalls(record.tool_calls, `${path}.tool_calls`, registry, warnings, `swe-call-${index}`));
    const action = asString(record.action);
    if (legacy.isLegacy && action !== undefined && action.trim() !== '' && isObservation(history[index + 1])) {
      legacy.pairCount += 1;
      legacy.pendingCallId = `swe-action-${legacy.pairCount}`;
      const name = action.trim().split(/\s+/)[0] ?? 'action';
      blocks.push({ kind: 'tool_call', callId: legacy.pendingCallId, name, args: { command: action }, argsRaw: action });
    }
    return { ...base, role: 'assistant', origin: 'model', blocks };
  }
  if (role === 'tool' || (role === 'user' && legacy.pendingCallId !== undefined)) {
    const { text, others } = splitToolContent(contentBlocks);
    let ids = legacy.pendingCallId !== undefined ? [legacy.pendingCallId] : toolResultIds(record).map((id) => registry.result(id));
    legacy.pendingCallId = undefined;
    if (ids.length === 0) {
      ids = [`swe-missing-${index}`];
      warnings.push({ message: `tool message names no tool_call_ids; its result is an orphan (${ids[0]})`, path });
    }
    // One observation answers every listed id; its text is counted once, on the first.
    const results: ToolResultBlock[] = ids.map((callId, position) => ({ kind: 'tool_result', callId, content: position === 0 ? text : '', isError: false }));
    return { ...base, role: 'tool', origin: 'tool', blocks: [...results, ...others] };
  }
  if (role === 'user' || role === 'system') {
    const isDemonstration = messageType === 'demonstration' || record.is_demo === true;
    const origin: Origin = role === 'user' && !isDemonstration && !context.seenAssistant ? 'human' : 'injected';
    return { ...base, role, origin, blocks: contentBlocks };
  }
  warnings.push({ message: `history entry with role "${role ?? 'missing'}" was not imported`, path: `${path}.role` });
  return undefined;
}

/** Reads a `.traj` object; the caller has checked its shape. */
function readTrajectory(root: Record<string, unknown>, fileName: string | undefined): ImporterOutput {
  const errors: ImportIssue[] = [];
  const warnings: ImportIssue[] = [];
  const history = asArray(root.history) ?? [];
  if (history.length === 0) {
    errors.push({ message: 'the trajectory has an empty history: nothing to import', path: 'history' });
    return { transcripts: [], errors, warnings };
  }
  const hasToolIds = history.some((entry) => {
    const record = asRecord(entry);
    return record?.role === 'tool' || (asArray(record?.tool_calls)?.length ?? 0) > 0;
  });
  const legacy: LegacyState = { isLegacy: !hasToolIds, pairCount: 0 };
  const registry = new CallIdRegistry();
  const context = { registry, legacy, seenAssistant: false, warnings };
  let system: Message | undefined;
  const messages: Message[] = [];
  history.forEach((entry, index) => {
    const record = asRecord(entry);
    if (!record) {
      warnings.push({ message: 'history entry is not an object; skipped', path: `history[${index}]` });
      return;
    }
    const message = readEntry(record, index, history, context);
    if (!message) return;
    if (message.role === 'system' && system === undefined && messages.length === 0) system = message;
    else messages.push(message);
    if (message.role === 'assistant') context.seenAssistant = true;
  });
  if (legacy.isLegacy) {
    warnings.push({
      message: `legacy text-action run: no tool-call ids in the file; ${legacy.pairCount} action/observation pairs were linked by position as swe-action-<n>`,
      path: 'history',
    });
  }
  warnings.push(...registry.reuseWarnings({ path: 'history' }));
  const figures = new TokenFigures();
  const facts = readSweAgentRunFacts(root.info, root.replay_config, figures);
  warnings.push(...figures.issues({ path: 'info.model_stats' }));
  const transcript = {
    id: `swe-agent:${facts.title ?? fileName ?? 'trajectory'}`,
    source: { format: 'swe-agent' as const, fileName },
    system,
    messages,
    markers: [],
    meta: { model: facts.model, title: facts.title, loggedUsage: facts.loggedUsage, details: facts.details },
  };
  return { transcripts: [transcript], errors, warnings };
}

/**
 * SWE-agent `.traj` files: `{trajectory, history, info, replay_config}`. The conversation is `history`
 * (OpenAI Chat shaped in function-calling runs, linked by `tool_calls[].id` ↔ `tool_call_ids`);
 * `history[0]` is the system prompt; demonstrations and harness feedback are `injected`.
 */
export const sweAgentImporter: Importer = {
  id: 'swe-agent',
  label: 'SWE-agent trajectory (.traj)',
  detect(parsed) {
    if (parsed.kind !== 'json') return false;
    const root = asRecord(parsed.value);
    return root !== undefined && Array.isArray(root.trajectory) && Array.isArray(root.history) && asRecord(root.info) !== undefined;
  },
  read(parsed, context) {
    const root = parsed.kind === 'json' ? asRecord(parsed.value) : undefined;
    if (!root) {
      return { transcripts: [], errors: [{ message: 'expected a SWE-agent trajectory object {trajectory, history, info}' }], warnings: [] };
    }
    return readTrajectory(root, context.fileName);
  },
};
