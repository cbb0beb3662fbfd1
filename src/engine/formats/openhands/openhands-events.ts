import type { Block, CompactionMarker, Message } from '../../transcript/model';
import type { ImportIssue } from '../import-report';
import { callBlock, readOpenHandsCall, responseBlocks } from './openhands-call';
import { condensationMarker, foldCondensationSummary } from './openhands-condensation';
import { asArray, asRecord, asString, quotedId, stringify } from '../shared';
import { CallIdRegistry, MessageIdAllocator } from '../unique-ids';
import { imageFromUrl } from '../swe-agent/swe-agent-chat-message';
import { TokenFigures } from '../usage';

/** Bookkeeping actions the LLM never sees (OpenHands does not render them into its prompt). */
const SKIPPED_ACTIONS = new Set(['recall', 'change_agent_state', 'null', 'condensation_request']);
/** Bookkeeping observations the LLM never sees. */
const SKIPPED_OBSERVATIONS = new Set(['agent_state_changed', 'null']);

/** One OpenHands event stream in canonical form. */
export interface OpenHandsConversion {
  system?: Message;
  messages: Message[];
  markers: CompactionMarker[];
  openhandsVersion?: string;
  skippedEventCount: number;
}

/** Where the stream sits in the file, so issues and messages can be located. */
export interface OpenHandsStreamLocation {
  /** JSON path of the event array, e.g. `history` or `[]`. */
  path: string;
  /** 1-based JSONL line holding the whole stream. */
  line?: number;
  /** 1-based JSONL line of each event, when every event has a line of its own. */
  eventLines?: number[];
  /** The eval output's `instruction`, used as the first user message when the stream has none. */
  instruction?: string;
}

function eventKey(event: Record<string, unknown>, index: number): string {
  return typeof event.id === 'number' || typeof event.id === 'string' ? String(event.id) : `event-${index}`;
}

/**
 * An observation's text as the agent saw it: a command's output is wrapped in its metadata prefix/suffix, and an ACI
 * edit is what the editor answered. OpenHands (early 2025) stored the diff it shows the user as an edit's `content`
 * and sent the model `extras.formatted_output_and_error` (`FileEditObservation.__str__`); counting the diff put a
 * created file in the context twice, beside the call's own arguments. Later versions drop that field and keep the
 * editor's answer in `content`.
 */
function observationText(event: Record<string, unknown>): string {
  const extras = asRecord(event.extras);
  const editorAnswer = event.observation === 'edit' && extras?.impl_source === 'oh_aci' ? asString(extras.formatted_output_and_error) : undefined;
  if (editorAnswer !== undefined) return editorAnswer;
  const content = typeof event.content === 'string' ? event.content : stringify(event.content ?? event.message);
  const metadata = asRecord(extras?.metadata);
  if (event.observation !== 'run' || !metadata) return content;
  return `${asString(metadata.prefix) ?? ''}${content}${asString(metadata.suffix) ?? ''}`;
}

function textBlocks(text: string | undefined): Block[] {
  return text ? [{ kind: 'text', text }] : [];
}

/** Everything the conversion of one stream accumulates while it walks the events. */
interface StreamState {
  conversion: OpenHandsConversion;
  warnings: ImportIssue[];
  messageIds: MessageIdAllocator;
  registry: CallIdRegistry;
  callIdByActionKey: Map<string, string>;
  messageIdByEventId: Map<string, string>;
  messageByResponseId: Map<string, Message>;
  /** Ids of every action in the stream, so an observation can tell "caused by a non-call" from "cause unknown". */
  actionKeys: Set<string>;
}

type MessageBase = Pick<Message, 'sourceRef' | 'raw' | 'createdAt'>;

function push(state: StreamState, message: Omit<Message, 'id'>, key: string): Message {
  const full = { id: state.messageIds.allocate(key), ...message };
  state.conversion.messages.push(full);
  state.messageIdByEventId.set(key, full.id);
  return full;
}

/** An action taken from a model response: one tool call, merged into the message of its response when it shares one. */
function readToolAction(state: StreamState, event: Record<string, unknown>, key: string, base: MessageBase, path: string): void {
  const figures = new TokenFigures();
  const call = readOpenHandsCall(event, figures);
  state.warnings.push(...figures.issues({ path: `${path}.tool_call_metadata.model_response.usage`, line: base.sourceRef.line }));
  const callId = state.registry.call(call.toolCallId ?? `openhands-${key}`);
  state.callIdByActionKey.set(key, callId);
  const grouped = call.responseId !== undefined ? state.messageByResponseId.get(call.responseId) : undefined;
  if (grouped) {
    grouped.blocks.push(callBlock(call, callId));
    state.messageIdByEventId.set(key, grouped.id);
    return;
  }
  const message = push(state, { ...base, role: 'assistant', origin: 'model', blocks: [...responseBlocks(call), callBlock(call, callId)], usage: call.usage, model: call.model }, key);
  if (call.stop) message.stop = call.stop;
  if (call.responseId !== undefined) state.messageByResponseId.set(call.responseId, message);
}

function readAction(state: StreamState, event: Record<string, unknown>, action: string, key: string, base: MessageBase, path: string): void {
  const { conversion } = state;
  const args = asRecord(event.args) ?? {};
  const hasMetadata = asRecord(event.tool_call_metadata) !== undefined;
  if (action === 'system') {
    conversion.openhandsVersion = asString(args.openhands_version);
    const message = { ...base, role: 'system' as const, origin: 'injected' as const, blocks: textBlocks(asString(args.content) ?? asString(event.message)) };
    if (conversion.system === undefined && conversion.messages.length === 0) conversion.system = { id: state.messageIds.allocate(key), ...message };
    else push(state, message, key);
  } else if (action === 'message') {
    const images = (asArray(args.image_urls) ?? []).filter((url): url is string => typeof url === 'string').map(imageFromUrl);
    const blocks = [...textBlocks(asString(args.content) ?? asString(event.message)), ...images];
    const isUser = event.source === 'user';
    push(state, { ...base, role: isUser ? 'user' : 'assistant', origin: isUser ? 'human' : 'model', blocks }, key);
  } else if (action === 'condensation') {
    conversion.markers.push(condensationMarker(event, conversion.messages.length, state.messageIdByEventId));
  } else if (SKIPPED_ACTIONS.has(action)) {
    conversion.skippedEventCount += 1;
  } else if (action === 'think' && !hasMetadata) {
    push(state, { ...base, role: 'assistant', origin: 'model', blocks: [{ kind: 'thinking', text: asString(args.thought) ?? asString(event.message) ?? '' }] }, key);
  } else if (action === 'finish' && !hasMetadata) {
    const parts = [asString(args.thought), asString(args.final_thought)].filter((part): part is string => Boolean(part));
    push(state, { ...base, role: 'assistant', origin: 'model', blocks: textBlocks([...new Set(parts)].join('\n') || asString(event.message)) }, key);
  } else if (event.source === 'user') {
    // A command the user ran in the terminal reaches the model as a user turn, not as a tool call.
    const command = asString(args.command);
    push(state, { ...base, role: 'user', origin: 'injected', blocks: textBlocks(command ? `User executed the command:\n${command}` : asString(event.message)) }, key);
  } else {
    readToolAction(state, event, key, base, path);
  }
}

function readObservation(state: StreamState, event: Record<string, unknown>, observation: string, key: string, base: MessageBase, path: string): void {
  const { conversion } = state;
  if (SKIPPED_OBSERVATIONS.has(observation)) {
    conversion.skippedEventCount += 1;
    return;
  }
  if (observation === 'agent_condensation') {
    foldCondensationSummary(conversion.markers, conversion.messages.length, observationText(event));
    return;
  }
  const causeKey = typeof event.cause === 'number' || typeof event.cause === 'string' ? String(event.cause) : undefined;
  const metadata = asRecord(event.tool_call_metadata);
  const metadataCallId = asString(metadata?.tool_call_id);
  let callId = causeKey !== undefined ? state.callIdByActionKey.get(causeKey) : undefined;
  if (callId === undefined && metadataCallId !== undefined) callId = state.registry.result(metadataCallId);
  if (callId === undefined && causeKey !== undefined && !state.actionKeys.has(causeKey)) {
    callId = `openhands-${causeKey}`;
    state.warnings.push({ message: `observation's cause ${causeKey} matches no action in the stream; kept as an orphan result`, path: `${path}.cause`, line: base.sourceRef.line });
  }
  const text = observationText(event);
  if (callId === undefined) {
    push(state, { ...base, role: 'user', origin: 'injected', blocks: textBlocks(text) }, key);
    return;
  }
  const isError = observation === 'error' || event.success === false;
  push(state, { ...base, role: 'tool', origin: 'tool', blocks: [{ kind: 'tool_result', callId, content: text, isError, name: asString(metadata?.function_name) }] }, key);
}

/**
 * Converts an event stream. Actions from a model response become assistant tool calls, keyed by
 * `tool_call_metadata.tool_call_id` (else `openhands-<action id>`); several actions from one response
 * (`model_response.id`) share one assistant message. Observations link to their action by `cause`, then by
 * the shared tool_call_id; an observation naming a cause that matches no action is kept as an orphan result.
 * Skipped as never sent to the model: `recall`/`change_agent_state`/`null` actions and
 * `agent_state_changed`/`null` observations. `recall` observations and uncaused `error` observations become
 * `injected` user messages, as OpenHands sends them to the model as user turns.
 */
export function readOpenHandsEvents(events: unknown[], location: OpenHandsStreamLocation, warnings: ImportIssue[]): OpenHandsConversion {
  const state: StreamState = {
    conversion: { messages: [], markers: [], skippedEventCount: 0 },
    warnings,
    messageIds: new MessageIdAllocator(),
    registry: new CallIdRegistry(),
    callIdByActionKey: new Map(),
    messageIdByEventId: new Map(),
    messageByResponseId: new Map(),
    actionKeys: new Set(),
  };
  events.forEach((entry, index) => {
    const record = asRecord(entry);
    if (record && 'action' in record) state.actionKeys.add(eventKey(record, index));
  });
  const hasUserMessage = events.some((entry) => asRecord(entry)?.action === 'message' && asRecord(entry)?.source === 'user');
  if (!hasUserMessage && location.instruction) {
    const id = state.messageIds.allocate('instruction');
    state.conversion.messages.push({ id, role: 'user', origin: 'human', blocks: textBlocks(location.instruction), sourceRef: { line: location.line }, raw: location.instruction });
  }
  events.forEach((entry, index) => {
    const path = `${location.path}[${index}]`;
    const line = location.eventLines?.[index] ?? location.line;
    const event = asRecord(entry);
    if (!event) {
      warnings.push({ message: 'event is not an object; skipped', path, line });
      return;
    }
    const key = eventKey(event, index);
    const base: MessageBase = { sourceRef: { index, line }, raw: entry, createdAt: asString(event.timestamp) };
    const action = asString(event.action);
    const observation = asString(event.observation);
    if (action !== undefined) readAction(state, event, action, key, base, path);
    else if (observation !== undefined) readObservation(state, event, observation, key, base, path);
    else warnings.push({ message: 'event has neither "action" nor "observation"; skipped', path, line });
  });
  for (const id of state.registry.reusedIds) {
    warnings.push({ message: `tool_call_id ${quotedId(id)} is reused by ${state.registry.countOf(id)} actions; later ones get the suffix #<n>`, path: location.path, line: location.line });
  }
  for (const id of state.messageIds.duplicateIds) {
    warnings.push({ message: `event id ${quotedId(id)} appears more than once; the repeat got a suffixed message id`, path: location.path, line: location.line });
  }
  return state.conversion;
}
