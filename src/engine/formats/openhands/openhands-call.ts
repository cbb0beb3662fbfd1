import type { Block, MessageStop, ToolCallBlock, Usage } from '../../transcript/model';
import { asArray, asRecord, asString, toolArguments } from '../shared';
import { chatCompletionStops, readStop } from '../stop-reason';
import { readChatUsage } from '../swe-agent/swe-agent-chat-message';
import { TokenFigures } from '../usage';

/** What one OpenHands action says about the model call that produced it. */
export interface OpenHandsCallInfo {
  /** `tool_call_metadata.tool_call_id`, when the action came from a native tool call. */
  toolCallId?: string;
  name: string;
  args: unknown;
  argsRaw: string;
  /** `model_response.id`: actions sharing it came from one model response. */
  responseId?: string;
  /** The response's assistant text (or the action's `thought` when no response is embedded). */
  text?: string;
  reasoning?: string;
  usage?: Usage;
  /** The embedded response's `choices[0].finish_reason`. */
  stop?: MessageStop;
  model?: string;
}

/** Bookkeeping fields OpenHands adds to every action's args; they are not tool arguments. */
const BOOKKEEPING_ARGS = new Set(['thought', 'blocking', 'is_static', 'cwd', 'hidden', 'confirmation_state', 'security_risk', 'is_confirmed']);

function actionArgsAsToolArgs(args: Record<string, unknown>): Record<string, unknown> {
  return Object.fromEntries(Object.entries(args).filter(([key]) => !BOOKKEEPING_ARGS.has(key)));
}

/**
 * Reads `tool_call_metadata` (full form `{function_name, tool_call_id, model_response}` or the flattened
 * third-party form `{tool_name, tool_args}`) and the action's own `args`. Arguments come from the embedded
 * raw tool call when it is there, so they are what the model wrote, verbatim.
 */
export function readOpenHandsCall(event: Record<string, unknown>, figures = new TokenFigures()): OpenHandsCallInfo {
  const metadata = asRecord(event.tool_call_metadata) ?? {};
  const args = asRecord(event.args) ?? {};
  const toolCallId = asString(metadata.tool_call_id);
  const response = asRecord(metadata.model_response);
  const choice = asRecord(asArray(response?.choices)?.[0]);
  const responseMessage = asRecord(choice?.message);
  const rawCall = (asArray(responseMessage?.tool_calls) ?? []).map(asRecord).find((call) => call !== undefined && call.id === toolCallId);
  const rawFunction = asRecord(rawCall?.function);
  const name = asString(metadata.function_name) ?? asString(metadata.tool_name) ?? asString(rawFunction?.name) ?? asString(event.action) ?? 'unknown';
  const argumentSource = rawFunction?.arguments ?? metadata.tool_args ?? actionArgsAsToolArgs(args);
  const { args: callArgs, argsRaw } = toolArguments(argumentSource);
  const responseText = asString(responseMessage?.content);
  const thought = asString(args.thought);
  return {
    toolCallId,
    name,
    args: callArgs,
    argsRaw,
    responseId: asString(response?.id),
    text: responseMessage ? responseText : thought,
    reasoning: asString(responseMessage?.reasoning_content),
    usage: readChatUsage(response?.usage, figures),
    stop: readStop(choice?.finish_reason, chatCompletionStops),
    model: asString(response?.model),
  };
}

/** The blocks that open an assistant message for a model response: reasoning, then text. */
export function responseBlocks(call: OpenHandsCallInfo): Block[] {
  const blocks: Block[] = [];
  if (call.reasoning) blocks.push({ kind: 'thinking', text: call.reasoning });
  if (call.text) blocks.push({ kind: 'text', text: call.text });
  return blocks;
}

/** The tool_call block for an action, under the id the importer chose. */
export function callBlock(call: OpenHandsCallInfo, callId: string): ToolCallBlock {
  return { kind: 'tool_call', callId, name: call.name, args: call.args, argsRaw: call.argsRaw };
}
