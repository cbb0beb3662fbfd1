import type { Insertion } from '../transcript/fates';
import type { Message } from '../transcript/model';
import { countMessageTokens } from './accounting';
import type { TokenCache } from './token-cache';
import type { TokenCounter } from './token-counter';
import { tokenKinds, type TokenKind } from './token-kinds';

/** Tokens of one conversation state by kind; `total` is the sum of `byKind`. */
export interface KindBreakdown {
  byKind: Record<TokenKind, number>;
  total: number;
}

/** The kind each insertion kind is counted under. */
const insertionKinds: Record<Insertion['kind'], TokenKind> = { summary: 'summary', 'pinned-carrier': 'pinned', marker: 'marker' };

/** Injected notes the engine writes itself (tool-pair repair, local trim): counted as markers even without an insertion record. */
const engineNotePrefixes = ['[context note:', '[context trimmed locally:'];

/** Zero tokens for every kind. */
function emptyKindCounts(): Record<TokenKind, number> {
  return Object.fromEntries(tokenKinds.map((kind) => [kind, 0])) as Record<TokenKind, number>;
}

/** Insertion ids mapped to their kind, gathered over several passes: a summary made in pass 1 is still a summary in pass 3. */
export function insertionKindsById(passes: readonly { insertions: readonly Insertion[] }[]): Map<string, Insertion['kind']> {
  const byId = new Map<string, Insertion['kind']>();
  for (const pass of passes) for (const insertion of pass.insertions) byId.set(insertion.id, insertion.kind);
  return byId;
}

function startsWithEngineNote(message: Message): boolean {
  const first = message.blocks[0];
  return first?.kind === 'text' && engineNotePrefixes.some((prefix) => first.text.startsWith(prefix));
}

/**
 * The kind a message's tokens count under. What a pass inserted wins (its insertion record says what it is), then the
 * message's own origin and role: a summary carried in from the source stays a summary, tool results are tool output.
 */
export function classifyMessage(message: Message, insertions: ReadonlyMap<string, Insertion['kind']> = new Map()): TokenKind {
  const inserted = insertions.get(message.id);
  if (inserted) return insertionKinds[inserted];
  if (message.origin === 'summary') return 'summary';
  if (message.role === 'system') return 'system';
  if (message.origin === 'injected' && startsWithEngineNote(message)) return 'marker';
  if (message.role === 'tool' || (message.blocks.length > 0 && message.blocks.every((block) => block.kind === 'tool_result'))) return 'toolOutput';
  if (message.role === 'user') return 'user';
  return 'assistant';
}

/**
 * Exact tokens by kind of one conversation state: the system prompt (carried beside the messages) plus every message,
 * each counted whole as `countMessageTokens` counts it, so totals match the transcript's own count.
 */
export function breakdownMessages(
  system: Message | undefined,
  messages: readonly Message[],
  counter: TokenCounter,
  options: { insertions?: ReadonlyMap<string, Insertion['kind']>; cache?: TokenCache } = {},
): KindBreakdown {
  const byKind = emptyKindCounts();
  let total = 0;
  const add = (kind: TokenKind, message: Message) => {
    const tokens = countMessageTokens(message, counter, options.cache);
    byKind[kind] += tokens;
    total += tokens;
  };
  if (system) add('system', system);
  for (const message of messages) add(classifyMessage(message, options.insertions), message);
  return { byKind, total };
}

/**
 * Exact tokens by kind of a transcript from its per-message counts (`perMessage[i]` is `messages[i]`'s), the system
 * prompt's apart: split as every state of a run is split (`classifyMessage`), so the header's figures and the Tokens
 * tab's Original agree — a summary the source wrote as a user message counts as summary, a tool result as tool output.
 */
export function kindTotals(systemTokens: number, messages: readonly Message[], perMessage: readonly number[]): Record<TokenKind, number> {
  const byKind = emptyKindCounts();
  byKind.system += systemTokens;
  messages.forEach((message, index) => {
    byKind[classifyMessage(message)] += perMessage[index] ?? 0;
  });
  return byKind;
}
