import type { Block, CompactionMarker, Message, Origin, ToolCallBlock } from '../../transcript/model';
import type { ClaudeCodeLine } from './claude-code-branch';
import type { ImportIssue } from '../import-report';
import { isInjectedText, readAttachment, readContent } from './claude-code-blocks';
import { asRecord, asString } from '../shared';
import { messagesApiStops, readStop } from '../stop-reason';
import { CallIdRegistry, registerCallBlocks } from '../unique-ids';
import { TokenFigures } from '../usage';
import { responseKey } from './claude-code-usage';
import { anthropicUsage } from '../anthropic-usage';

/** Messages and compaction markers built from the selected Claude Code lines. */
export interface ClaudeCodeMessages {
  messages: Message[];
  markers: CompactionMarker[];
  /** Content block types we did not recognise (kept as placeholders). */
  unknownBlockTypes: Set<string>;
  /** Located oddities that lost nothing readable: reused tool-call ids (the later calls renamed), implausible usage left out. */
  warnings: ImportIssue[];
}

/** Options for building messages. */
export interface BuildOptions {
  /** Flag `isSidechain` lines (true in a main session file; false when the file is a subagent log of its own). */
  flagSidechain: boolean;
}

function readCompactMetadata(record: Record<string, unknown>, figures: TokenFigures): Partial<CompactionMarker> {
  const metadata = asRecord(record.compactMetadata) ?? asRecord(record.compact_metadata) ?? asRecord(record.microcompactMetadata) ?? {};
  const trigger = asString(metadata.trigger);
  return {
    trigger: trigger === 'auto' || trigger === 'manual' ? trigger : undefined,
    tokensBefore: figures.read(metadata, 'preTokens') ?? figures.read(metadata, 'pre_tokens'),
    tokensAfter: figures.read(metadata, 'postTokens') ?? figures.read(metadata, 'post_tokens'),
  };
}

/** A call as read from its line, before its id is made unique: what a repeated block repeats exactly. */
function callSignature(block: ToolCallBlock): string {
  return JSON.stringify([block.callId, block.name, block.argsRaw]);
}

function textOf(blocks: readonly Block[]): string {
  return blocks.map((block) => (block.kind === 'text' ? block.text : '')).join('\n');
}

function userOrigin(record: Record<string, unknown>, blocks: readonly Block[]): Origin {
  if (record.isCompactSummary === true) return 'summary';
  if (record.isMeta === true) return 'injected';
  const texts = blocks.filter((block) => block.kind === 'text');
  return texts.length > 0 && texts.every((block) => block.kind === 'text' && isInjectedText(block.text)) ? 'injected' : 'human';
}

/**
 * Turns the selected lines (file order) into canonical messages. The lines of one API response (same
 * `message.id` and `requestId`) become one assistant message placed at its first line, with usage taken once
 * from the group's last line (the most complete) and the stop reason from the last line that records one. A user
 * line of tool results becomes a `tool` message; any text beside those results becomes a second message. Compact
 * boundaries become markers.
 */
export function buildClaudeCodeMessages(lines: readonly ClaudeCodeLine[], options: BuildOptions): ClaudeCodeMessages {
  const messages: Message[] = [];
  const markers: CompactionMarker[] = [];
  const unknownBlockTypes = new Set<string>();
  const responses = new Map<string, { message: Message; records: unknown[]; callSignatures: Set<string> }>();
  // Two calls with one id (a replayed or hand-edited session) stay two calls: the later one gets a suffix.
  const callIds = new CallIdRegistry();
  const warnings: ImportIssue[] = [];
  let pendingMarker: CompactionMarker | undefined;

  const base = (entry: ClaudeCodeLine, id: string): Pick<Message, 'id' | 'createdAt' | 'isSidechain' | 'sourceRef' | 'raw'> => ({
    id,
    createdAt: asString(entry.record.timestamp),
    isSidechain: options.flagSidechain && entry.record.isSidechain === true ? true : undefined,
    sourceRef: { line: entry.line },
    raw: entry.record,
  });

  for (const entry of lines) {
    const { record } = entry;
    const uuid = asString(record.uuid) ?? `claude-code-${entry.line}`;
    const payload = asRecord(record.message);
    if (record.type === 'assistant') {
      const key = responseKey(record) ?? `${uuid}|`;
      const blocks = readContent(payload?.content, unknownBlockTypes);
      const model = asString(payload?.model);
      const figures = new TokenFigures();
      const usage = model === '<synthetic>' ? undefined : anthropicUsage(payload?.usage, figures);
      warnings.push(...figures.issues({ line: entry.line, path: 'message.usage' }));
      // An API failure is logged as a synthetic assistant line flagged isApiErrorMessage; streamed lines say stop_reason null.
      const stop = record.isApiErrorMessage === true ? { reason: 'error' as const, raw: 'isApiErrorMessage' } : readStop(payload?.stop_reason, messagesApiStops);
      const existing = responses.get(key);
      // Some versions repeat a block on a later line of the same response: a call already in the response (same id,
      // name and arguments) is added once. Another call under the same id is a call of its own.
      const fresh = existing ? blocks.filter((block) => block.kind !== 'tool_call' || !existing.callSignatures.has(callSignature(block))) : blocks;
      const signatures = fresh.flatMap((block) => (block.kind === 'tool_call' ? [callSignature(block)] : []));
      registerCallBlocks(fresh, callIds, { line: entry.line });
      if (existing) {
        existing.message.blocks.push(...fresh);
        for (const signature of signatures) existing.callSignatures.add(signature);
        existing.records.push(record);
        if (usage) existing.message.usage = usage;
        if (stop) existing.message.stop = stop;
        continue;
      }
      const records: unknown[] = [record];
      // Assistant raw is always the array of source lines of the response, so exports see one shape.
      const message: Message = { ...base(entry, uuid), role: 'assistant', origin: 'model', blocks, usage, model, raw: records };
      if (stop) message.stop = stop;
      responses.set(key, { message, records, callSignatures: new Set(signatures) });
      messages.push(message);
    } else if (record.type === 'user') {
      const blocks = readContent(payload?.content, unknownBlockTypes);
      registerCallBlocks(blocks, callIds, { line: entry.line });
      const results = blocks.filter((block) => block.kind === 'tool_result');
      const others = blocks.filter((block) => block.kind !== 'tool_result');
      if (results.length > 0) messages.push({ ...base(entry, uuid), role: 'tool', origin: 'tool', blocks: results });
      if (others.length > 0 || results.length === 0) {
        const id = results.length > 0 ? `${uuid}-text` : uuid;
        const message: Message = { ...base(entry, id), role: 'user', origin: userOrigin(record, others), blocks: others };
        messages.push(message);
        if (message.origin === 'summary') {
          const marker = pendingMarker ?? { atIndex: messages.length - 1, kind: 'compact_summary' };
          if (!pendingMarker) markers.push(marker);
          marker.summaryMessageId = id;
          marker.summaryText = textOf(others);
          pendingMarker = undefined;
        }
      }
    } else if (record.type === 'attachment') {
      messages.push({ ...base(entry, uuid), role: 'user', ...readAttachment(record, unknownBlockTypes) });
    } else if (record.type === 'system') {
      const subtype = asString(record.subtype);
      if (subtype === 'compact_boundary' || subtype === 'microcompact_boundary') {
        const figures = new TokenFigures();
        const marker: CompactionMarker = { atIndex: messages.length, kind: subtype, ...readCompactMetadata(record, figures) };
        warnings.push(...figures.issues({ line: entry.line, path: 'compactMetadata' }));
        markers.push(marker);
        pendingMarker = subtype === 'compact_boundary' ? marker : pendingMarker;
      } else if (subtype === 'local_command' && typeof record.content === 'string') {
        // Local slash-command echoes reach the model as user turns; other system lines (timings, hook summaries) do not.
        messages.push({ ...base(entry, uuid), role: 'user', origin: 'injected', blocks: [{ kind: 'text', text: record.content }] });
      }
    }
  }
  return { messages, markers, unknownBlockTypes, warnings: [...callIds.reuseWarnings(), ...warnings] };
}
