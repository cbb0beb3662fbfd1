import type { Block, LoggedUsage, Message, Origin, ToolResultBlock, Transcript } from '../../transcript/model';
import type { ImportIssue } from '../import-report';
import type { Importer, ImporterOutput } from '../importer';
import { asArray, asNumber, asRecord, asString } from '../shared';
import { CallIdRegistry } from '../unique-ids';
import { TokenFigures } from '../usage';
import { readChatContent, readChatThinking, readChatToolCalls, readChatUsage } from '../swe-agent/swe-agent-chat-message';

/** Observations carry the command's exit code; format-error feedback does not. */
const OBSERVATION = /<returncode>/;

function textOf(blocks: Block[]): string {
  return blocks.flatMap((block) => (block.kind === 'text' ? [block.text] : [])).join('\n');
}

function originOfUser(text: string, seenAssistant: boolean): Origin {
  if (!seenAssistant) return 'human';
  return OBSERVATION.test(text) ? 'tool' : 'injected';
}

/** Exit status, submission and model_stats from `info`. */
function runDetails(info: Record<string, unknown>): Record<string, string> {
  const details: Record<string, string> = {};
  const stats = asRecord(info.model_stats) ?? {};
  const entries: [string, unknown][] = [
    ['exitStatus', info.exit_status],
    ['submission', info.submission],
    ['miniVersion', info.mini_version],
    ['apiCalls', stats.api_calls],
    ['instanceCostUsd', stats.instance_cost],
  ];
  for (const [key, value] of entries) {
    if (typeof value === 'string' || typeof value === 'number') details[key] = String(value);
  }
  return details;
}

/**
 * Converts `messages`. Actions are ```bash blocks inside assistant text and observations are user messages
 * with `<returncode>`/`<output>`: with no ids to link them they stay text (origin `tool` marks the
 * observations). Newer files that use native tool calls are linked by `tool_call_id` like OpenAI Chat.
 */
function readMessages(list: unknown[], warnings: ImportIssue[]): { system?: Message; messages: Message[]; hasToolIds: boolean } {
  const registry = new CallIdRegistry();
  const messages: Message[] = [];
  let system: Message | undefined;
  let seenAssistant = false;
  let hasToolIds = false;
  list.forEach((entry, index) => {
    const path = `messages[${index}]`;
    const record = asRecord(entry);
    if (!record) {
      warnings.push({ message: 'message is not an object; skipped', path });
      return;
    }
    const role = asString(record.role);
    const base = { id: `message-${index}`, sourceRef: { index }, raw: entry };
    const content = readChatContent(record.content, `${path}.content`, warnings);
    if (role === 'system') {
      const message: Message = { ...base, role: 'system', origin: 'injected', blocks: content };
      if (system === undefined && messages.length === 0) system = message;
      else messages.push(message);
    } else if (role === 'assistant') {
      seenAssistant = true;
      const calls = readChatToolCalls(record.tool_calls, `${path}.tool_calls`, registry, warnings, `mini-call-${index}`);
      hasToolIds ||= calls.length > 0;
      const figures = new TokenFigures();
      const usage = readChatUsage(asRecord(asRecord(record.extra)?.response)?.usage, figures);
      warnings.push(...figures.issues({ path: `${path}.extra.response.usage` }));
      messages.push({ ...base, role: 'assistant', origin: 'model', blocks: [...readChatThinking(record), ...content, ...calls], usage });
    } else if (role === 'tool') {
      const sourceId = asString(record.tool_call_id) ?? `mini-missing-${index}`;
      const result: ToolResultBlock = { kind: 'tool_result', callId: registry.result(sourceId), content: textOf(content), isError: false };
      messages.push({ ...base, role: 'tool', origin: 'tool', blocks: [result] });
    } else if (role === 'user') {
      messages.push({ ...base, role: 'user', origin: originOfUser(textOf(content), seenAssistant), blocks: content });
    } else {
      warnings.push({ message: `message with role "${role ?? 'missing'}" was not imported`, path: `${path}.role` });
    }
  });
  return { system, messages, hasToolIds };
}

function loggedUsageOf(messages: Message[], info: Record<string, unknown>): LoggedUsage | undefined {
  const usages = messages.flatMap((message) => (message.usage ? [message.usage] : []));
  if (usages.length === 0) return undefined;
  const sum = (pick: (usage: (typeof usages)[number]) => number | undefined) => usages.reduce((total, usage) => total + (pick(usage) ?? 0), 0);
  const apiCalls = asNumber(asRecord(info.model_stats)?.api_calls);
  return {
    lastContextTokens: usages[usages.length - 1].contextTokens,
    totalInputTokens: sum((usage) => usage.inputTokens),
    totalOutputTokens: sum((usage) => usage.outputTokens),
    description: `mini-swe-agent extra.response.usage on ${usages.length} of ${apiCalls ?? '?'} API calls: last prompt_tokens, and the sums`,
  };
}

function readRun(root: Record<string, unknown>, fileName: string | undefined): ImporterOutput {
  const errors: ImportIssue[] = [];
  const warnings: ImportIssue[] = [];
  const list = asArray(root.messages);
  if (!list || list.length === 0) {
    errors.push({ message: 'the trajectory has no messages: nothing to import', path: 'messages' });
    return { transcripts: [], errors, warnings };
  }
  const { system, messages, hasToolIds } = readMessages(list, warnings);
  if (!hasToolIds) {
    warnings.push({
      message: 'mini-swe-agent actions are ```bash blocks in assistant text and observations are user messages: the file has no tool-call ids, so they are kept as text and not paired',
      path: 'messages',
    });
  }
  const info = asRecord(root.info) ?? {};
  const config = asRecord(info.config);
  const model = asString(asRecord(config?.model)?.model_name);
  const instanceId = asString(root.instance_id) ?? asString(info.instance_id);
  const transcript: Transcript = {
    id: `mini-swe-agent:${instanceId ?? fileName ?? 'trajectory'}`,
    source: { format: 'mini-swe-agent', fileName },
    system,
    messages,
    markers: [],
    meta: { model, title: instanceId, loggedUsage: loggedUsageOf(messages, info), details: { ...runDetails(info), trajectoryFormat: String(root.trajectory_format) } },
  };
  return { transcripts: [transcript], errors, warnings };
}

/** mini-swe-agent trajectories: `{info, messages:[{role, content}], trajectory_format: 'mini-swe-agent-1'}`. */
export const miniSweAgentImporter: Importer = {
  id: 'mini-swe-agent',
  label: 'mini-swe-agent trajectory',
  detect(parsed) {
    if (parsed.kind !== 'json') return false;
    const root = asRecord(parsed.value);
    return root !== undefined && 'trajectory_format' in root && Array.isArray(root.messages);
  },
  read(parsed, context) {
    const root = parsed.kind === 'json' ? asRecord(parsed.value) : undefined;
    if (!root) {
      return { transcripts: [], errors: [{ message: 'expected a mini-swe-agent trajectory object {info, messages, trajectory_format}' }], warnings: [] };
    }
    return readRun(root, context.fileName);
  },
};
