import type { Block, ImageBlock } from '../../transcript/model';
import { asArray, asNumber, asRecord, asString, stringify, toolArguments } from '../shared';

/** Which side of the conversation a Responses-API item belongs to. */
type CodexItemSide = 'assistant' | 'tool' | 'user' | 'developer';

/** One rollout response item in canonical form. */
export interface CodexItem {
  side: CodexItemSide;
  blocks: Block[];
}

/**
 * Harness text Codex writes into user/developer turns (AGENTS.md, environment and permission context, aborted-turn
 * notes). Tagged as injected, never hidden.
 */
const BOILERPLATE_PREFIXES = [
  '<environment_context>',
  '<user_instructions>',
  '<developer_instructions>',
  '<permissions instructions>',
  '<collaboration_mode>',
  '<INSTRUCTIONS>',
  '<turn_aborted>',
  '# AGENTS.md instructions',
];

/** True when a user message is Codex boilerplate rather than something the human typed. */
export function isCodexBoilerplate(text: string): boolean {
  const trimmed = text.trimStart();
  return BOILERPLATE_PREFIXES.some((prefix) => trimmed.startsWith(prefix));
}

function readImage(url: string): ImageBlock {
  const match = /^data:([^;,]+)?(;base64)?,(.*)$/s.exec(url);
  if (!match) return { kind: 'image', source: url };
  const data = match[3];
  const padding = data.endsWith('==') ? 2 : data.endsWith('=') ? 1 : 0;
  return { kind: 'image', mediaType: match[1], source: 'base64', byteLength: Math.max(0, Math.floor((data.length * 3) / 4) - padding) };
}

/** A message's `content` parts (input_text, output_text, input_image, refusal) as blocks. */
export function readCodexContent(content: unknown): Block[] {
  if (typeof content === 'string') return [{ kind: 'text', text: content }];
  return (asArray(content) ?? []).map((value): Block => {
    const part = asRecord(value);
    const text = asString(part?.text) ?? asString(part?.refusal);
    if (text !== undefined) return { kind: 'text', text };
    const imageUrl = asString(part?.image_url) ?? asString(asRecord(part?.image_url)?.url);
    if (imageUrl !== undefined) return readImage(imageUrl);
    return { kind: 'text', text: stringify(value) };
  });
}

/** Exit status written into a shell tool's output, in the shapes Codex has used (JSON metadata or a text header). */
function exitCodeOf(output: string): number | undefined {
  if (output.startsWith('{')) {
    try {
      return asNumber(asRecord(asRecord(JSON.parse(output))?.metadata)?.exit_code);
    } catch {
      return undefined;
    }
  }
  const match = /^(?:Exit code: |Process exited with code )(-?\d+)/m.exec(output);
  return match ? Number(match[1]) : undefined;
}

/** A function/custom tool output (string, `{content, success}`, or content items) as text plus an error flag. */
export function readCodexOutput(output: unknown): { content: string; isError: boolean } {
  if (typeof output === 'string') {
    const exitCode = exitCodeOf(output);
    return { content: output, isError: exitCode !== undefined && exitCode !== 0 };
  }
  const record = asRecord(output);
  const items = asArray(record?.content_items) ?? asArray(record?.content) ?? asArray(output);
  const content = asString(record?.content)
    ?? (items ? readCodexContent(items).map((block) => (block.kind === 'text' ? block.text : '[image]')).join('\n') : stringify(output));
  return { content, isError: record?.success === false };
}

function reasoningBlock(item: Record<string, unknown>): Block {
  const texts = [...(asArray(item.summary) ?? []), ...(asArray(item.content) ?? [])]
    .map((part) => asString(asRecord(part)?.text))
    .filter((text): text is string => text !== undefined && text !== '');
  if (texts.length === 0) return { kind: 'thinking', text: '', isRedacted: true };
  return { kind: 'thinking', text: texts.join('\n\n') };
}

function callId(item: Record<string, unknown>): string {
  return asString(item.call_id) ?? asString(item.id) ?? '';
}

/**
 * Reads one Responses-API item from a rollout. Returns undefined for an item type we do not know (the caller
 * counts and reports those). Developer messages keep their own side so the caller can tag them as injected.
 */
export function readResponseItem(item: Record<string, unknown>): CodexItem | undefined {
  switch (item.type) {
    case 'message': {
      const role = asString(item.role);
      const side: CodexItemSide = role === 'assistant' ? 'assistant' : role === 'user' ? 'user' : 'developer';
      return { side, blocks: readCodexContent(item.content) };
    }
    case 'reasoning':
      return { side: 'assistant', blocks: [reasoningBlock(item)] };
    case 'function_call':
      return {
        side: 'assistant',
        blocks: [{ kind: 'tool_call', callId: callId(item), name: asString(item.name) ?? 'unknown', ...toolArguments(item.arguments) }],
      };
    case 'custom_tool_call': {
      // Custom tools (apply_patch) take free text, not JSON: keep it verbatim as both value and raw text.
      const input = asString(item.input) ?? stringify(item.input);
      return { side: 'assistant', blocks: [{ kind: 'tool_call', callId: callId(item), name: asString(item.name) ?? 'unknown', args: input, argsRaw: input }] };
    }
    case 'local_shell_call':
      return {
        side: 'assistant',
        blocks: [{ kind: 'tool_call', callId: callId(item), name: 'local_shell', ...toolArguments(item.action ?? {}) }],
      };
    case 'web_search_call': {
      // The search runs on the provider's side and no output item ever comes back, so it is kept as assistant
      // text (what the model asked for) rather than a tool call that would be reported as unanswered.
      const action = asRecord(item.action);
      const query = asString(action?.query) ?? asString(item.query);
      return { side: 'assistant', blocks: [{ kind: 'text', text: query ? `[web search: ${query}]` : '[web search]' }] };
    }
    case 'function_call_output':
    case 'custom_tool_call_output':
    case 'local_shell_call_output':
      return { side: 'tool', blocks: [{ kind: 'tool_result', callId: callId(item), ...readCodexOutput(item.output) }] };
    default:
      return undefined;
  }
}
