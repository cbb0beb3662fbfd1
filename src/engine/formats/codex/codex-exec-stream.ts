import type { Block, Transcript } from '../../transcript/model';
import type { ImportIssue } from '../import-report';
import type { ImportContext, ImporterOutput } from '../importer';
import type { JsonLine } from '../parse-document';
import { CodexMessageList, type CodexSource } from './codex-message-list';
import { asArray, asNumber, asRecord, asString, describeValue, stringify } from '../shared';
import { CallIdRegistry } from '../unique-ids';
import { TokenFigures } from '../usage';

/** Event types of the `codex exec --json` stream. */
export const EXEC_STREAM_TYPES = new Set([
  'thread.started',
  'turn.started',
  'turn.completed',
  'turn.failed',
  'item.started',
  'item.updated',
  'item.completed',
  'error',
]);

/** A finished exec-stream item as what the agent asked for and, for tools, what came back. */
interface ExecItem {
  call?: Block;
  result?: Block;
  assistant?: Block;
}

function readExecItem(item: Record<string, unknown>, id: string): ExecItem | undefined {
  const status = asString(item.status);
  switch (item.type) {
    case 'agent_message':
      return { assistant: { kind: 'text', text: asString(item.text) ?? '' } };
    case 'reasoning':
      return { assistant: { kind: 'thinking', text: asString(item.text) ?? '' } };
    case 'command_execution': {
      const exitCode = asNumber(item.exit_code);
      const args = { command: item.command };
      return {
        call: { kind: 'tool_call', callId: id, name: 'shell', args, argsRaw: JSON.stringify(args) },
        result: {
          kind: 'tool_result',
          callId: id,
          content: asString(item.aggregated_output) ?? '',
          isError: (exitCode !== undefined && exitCode !== 0) || status === 'failed',
        },
      };
    }
    case 'file_change': {
      const args = { changes: item.changes ?? [] };
      return {
        call: { kind: 'tool_call', callId: id, name: 'apply_patch', args, argsRaw: JSON.stringify(args) },
        result: { kind: 'tool_result', callId: id, content: status ?? '', isError: status === 'failed' },
      };
    }
    case 'mcp_tool_call': {
      const args = item.arguments ?? {};
      const error = asRecord(item.error);
      const result = asRecord(item.result);
      return {
        call: { kind: 'tool_call', callId: id, name: `${asString(item.server) ?? 'mcp'}.${asString(item.tool) ?? 'tool'}`, args, argsRaw: stringify(args) },
        result: {
          kind: 'tool_result',
          callId: id,
          content: asString(error?.message) ?? stringify(result?.content ?? item.result),
          isError: error !== undefined || status === 'failed',
        },
      };
    }
    case 'web_search':
      // Searched on the provider's side with no result item: kept as assistant text, not an unanswered call.
      return { assistant: { kind: 'text', text: `[web search: ${asString(item.query) ?? ''}]` } };
    case 'todo_list': {
      const lines = (asArray(item.items) ?? []).map((entry) => {
        const todo = asRecord(entry);
        return `- [${todo?.completed === true ? 'x' : ' '}] ${asString(todo?.text) ?? ''}`;
      });
      return { assistant: { kind: 'text', text: ['[plan]', ...lines].join('\n') } };
    }
    default:
      return undefined;
  }
}

function countUnknown(unknown: Map<string, { count: number; line: number }>, kind: string, line: number): void {
  const seen = unknown.get(kind) ?? { count: 0, line };
  unknown.set(kind, { count: seen.count + 1, line: seen.line });
}

/**
 * Reads the `codex exec --json` event stream: only `item.completed` items make messages (started/updated are
 * progress of the same item). A shell command, file change or MCP call becomes a call in the assistant message
 * and a `tool` message with its output, linked by the item id. The stream does not log the prompt.
 */
export function readExecStream(lines: readonly JsonLine[], context: ImportContext): ImporterOutput {
  const warnings: ImportIssue[] = [];
  const list = new CodexMessageList();
  const callIds = new CallIdRegistry();
  let threadId: string | undefined;
  let inputTokens = 0;
  let outputTokens = 0;
  let turnCount = 0;
  const unknown = new Map<string, { count: number; line: number }>();
  for (const entry of lines) {
    const record = asRecord(entry.value);
    const type = asString(record?.type) ?? 'untyped';
    const item = asRecord(record?.item);
    const source: CodexSource = { line: entry.line, record, itemId: asString(item?.id) };
    if (type === 'thread.started') threadId = asString(record?.thread_id) ?? threadId;
    if (type === 'turn.completed') {
      const usage = asRecord(record?.usage);
      const figures = new TokenFigures();
      inputTokens += figures.read(usage, 'input_tokens') ?? 0;
      outputTokens += figures.read(usage, 'output_tokens') ?? 0;
      warnings.push(...figures.issues({ line: entry.line, path: 'usage' }));
      turnCount += 1;
    }
    if (type === 'turn.failed' || type === 'error') {
      const message = asString(asRecord(record?.error)?.message) ?? asString(record?.message) ?? 'unknown error';
      warnings.push({ message: `Codex reported an error: ${message}`, line: entry.line });
    }
    if (type !== 'item.completed' || !item) {
      if (!EXEC_STREAM_TYPES.has(type)) countUnknown(unknown, `event(s) whose type is ${describeValue(record?.type)}`, entry.line);
      continue;
    }
    const itemType = asString(item.type) ?? 'untyped';
    if (itemType === 'error') {
      warnings.push({ message: `Codex reported an error: ${asString(item.message) ?? 'unknown error'}`, line: entry.line });
      continue;
    }
    const read = readExecItem(item, asString(item.id) ?? `codex-${entry.line}`);
    if (!read) {
      countUnknown(unknown, `item(s) whose type is ${describeValue(item.type)}`, entry.line);
      continue;
    }
    // An item logged twice under one id is two calls: the later one and its output get a suffixed id.
    if (read.call?.kind === 'tool_call') {
      read.call.callId = callIds.call(read.call.callId, { line: entry.line });
      if (read.result?.kind === 'tool_result') read.result.callId = read.call.callId;
    }
    if (read.assistant) list.addAssistant([read.assistant], source);
    if (read.call) list.addAssistant([read.call], source);
    if (read.result) list.add('tool', 'tool', [read.result], { ...source, itemId: `${source.itemId ?? `codex-${entry.line}`}-output` });
  }
  warnings.push(...callIds.reuseWarnings());
  // A damaged type (not a string, or no type the stream defines) is named as found, so the skip says what was wrong.
  for (const [kind, { count, line }] of unknown) {
    warnings.push({ message: `${count} ${kind} skipped (first at line ${line}).`, line });
  }
  if (list.messages.length === 0) return { transcripts: [], errors: [], warnings };
  warnings.push({ message: 'A codex exec --json stream does not record the prompt: the transcript starts with the agent’s first item.' });
  const transcript: Transcript = {
    id: threadId ?? context.fileName ?? 'codex-exec',
    source: { format: 'codex', fileName: context.fileName, runLabel: 'codex exec --json stream' },
    messages: list.messages,
    markers: [],
    meta: {
      loggedUsage: turnCount > 0
        ? {
            totalInputTokens: inputTokens,
            totalOutputTokens: outputTokens,
            description: `Sum of turn.completed usage over ${turnCount} turn(s); the stream gives no per-call context fill.`,
          }
        : undefined,
      details: threadId ? { threadId } : undefined,
    },
  };
  return { transcripts: [transcript], errors: [], warnings };
}
