import type { Block, Message, ToolCallBlock } from '../transcript/model';
import { callsById, isBulkOutput } from './bulk-output';
import type { Fact, FactCategory } from './facts';
import { normalizeFact } from './normalize';
import { commandFact, pathArgument, shellCommandOf } from './retention-text';
import { findDecisions, findRequests } from './sentence-facts';
import { findErrors, findIdentifiers, findNumbers, findPaths, findPromptCommands, findTodos, findUrls, withoutLocations } from './text-facts';

/** The most facts of each category one message contributes: precise beats greedy, and a code dump is one message. */
export const factCapsPerMessage: Readonly<Record<FactCategory, number>> = { path: 6, identifier: 6, error: 4, command: 3, url: 4, number: 4, request: 5, todo: 5, decision: 3 };

// Tool output is mostly code, JSON and logs: fewer paths and numbers, and no identifiers (every line has some).
const toolResultCaps: Readonly<Partial<Record<FactCategory, number>>> = { path: 4, identifier: 0, number: 3, todo: 3, url: 3 };

const planTool = /todo|plan/i;
const doneStatus = /^(?:completed|complete|done|cancelled|canceled)$/i;

/** Collects one message's facts, capping each category and dropping repeats by their normalized text. */
class FactCollector {
  readonly facts: Fact[] = [];
  private readonly seen = new Set<string>();
  private readonly counts = new Map<FactCategory, number>();

  constructor(private readonly messageId: string) {}

  add(category: FactCategory, texts: Iterable<string>, cap = factCapsPerMessage[category]): void {
    for (const text of texts) {
      if ((this.counts.get(category) ?? 0) >= cap) return;
      const key = factKey(category, text);
      if (key.length < 5 || this.seen.has(key)) continue;
      this.seen.add(key);
      this.counts.set(category, (this.counts.get(category) ?? 0) + 1);
      this.facts.push({ category, text, sourceMessageId: this.messageId });
    }
  }
}

/** What makes two facts the same fact: their category and normalized text. */
export function factKey(category: FactCategory, text: string): string {
  return `${category}:${normalizeFact(text)}`;
}

/** Open items of a plan tool's arguments (Claude Code `TodoWrite` todos, Codex `update_plan` steps). */
function planItems(args: unknown): string[] {
  if (args === null || typeof args !== 'object') return [];
  const record = args as Record<string, unknown>;
  const list = [record.todos, record.plan, record.items].find(Array.isArray) as unknown[] | undefined;
  return (list ?? []).flatMap((item) => {
    const entry = (item ?? {}) as Record<string, unknown>;
    const text = [entry.content, entry.step, entry.text, entry.title].find((value) => typeof value === 'string') as string | undefined;
    return text && !(typeof entry.status === 'string' && doneStatus.test(entry.status)) ? [text] : [];
  });
}

function callFacts(block: Extract<Block, { kind: 'tool_call' }>, collector: FactCollector): void {
  const command = shellCommandOf(block);
  if (command) collector.add('command', [commandFact(command)]);
  if (block.args === null || typeof block.args !== 'object') return;
  const entries = Object.entries(block.args as Record<string, unknown>);
  collector.add('path', entries.filter(([key, value]) => pathArgument.test(key) && typeof value === 'string').map(([, value]) => String(value).trim()));
  collector.add('url', entries.filter(([key, value]) => key === 'url' && typeof value === 'string' && /^https?:\/\//.test(value)).map(([, value]) => String(value)));
  if (planTool.test(block.name)) collector.add('todo', planItems(block.args));
}

function proseFacts(text: string, collector: FactCollector, isHumanRequest: boolean): void {
  if (isHumanRequest) collector.add('request', findRequests(text));
  collector.add('command', findPromptCommands(text));
  collector.add('path', findPaths(text));
  collector.add('url', findUrls(text));
  collector.add('error', findErrors(text));
  collector.add('todo', findTodos(text));
  collector.add('decision', findDecisions(text));
  const plain = withoutLocations(text);
  collector.add('identifier', findIdentifiers(plain));
  collector.add('number', findNumbers(plain));
}

function resultFacts(block: Extract<Block, { kind: 'tool_result' }>, call: ToolCallBlock | undefined, collector: FactCollector): void {
  const { content } = block;
  if (isBulkOutput(block, call)) {
    // A file, a listing or search hits: the world's text, not the session's. A failed read still says what failed.
    if (block.isError) collector.add('error', findErrors(content));
    return;
  }
  collector.add('path', findPaths(content), toolResultCaps.path);
  collector.add('url', findUrls(content), toolResultCaps.url);
  collector.add('error', findErrors(content));
  collector.add('todo', findTodos(content), toolResultCaps.todo);
  collector.add('number', findNumbers(withoutLocations(content)), toolResultCaps.number);
}

/** Finds the call a tool result answers, by the format's own call id. */
export type CallLookup = (callId: string) => ToolCallBlock | undefined;

/**
 * The checkable facts of one message, in block order. Harness boilerplate (injected messages) and system messages
 * carry none; thinking is skipped (it is not context the agent keeps). Requests come only from the human's own turns;
 * commands from shell tool calls and `$ ` lines; tool output gives paths, URLs, errors, TODOs and numbers only, and
 * bulk output (file contents, listings, search hits: see `bulk-output.ts`) none but a failed call's errors. `callOf`
 * finds the call a result answers; without it only the result's own name and shape tell bulk output apart.
 */
export function extractMessageFacts(message: Message, callOf: CallLookup = () => undefined): Fact[] {
  if (message.origin === 'injected' || message.role === 'system') return [];
  const collector = new FactCollector(message.id);
  const isHumanRequest = message.role === 'user' && message.origin === 'human';
  for (const block of message.blocks) {
    if (block.kind === 'text') proseFacts(block.text, collector, isHumanRequest);
    else if (block.kind === 'tool_call') callFacts(block, collector);
    else if (block.kind === 'tool_result') resultFacts(block, callOf(block.callId), collector);
  }
  return collector.facts;
}

/**
 * The facts of many messages in order, each fact once (the first message that states it is its source). By default a
 * tool result's call is looked up among the same messages.
 */
export function extractFacts(messages: readonly Message[], factsOf?: (message: Message) => Fact[]): Fact[] {
  let readFacts = factsOf;
  if (!readFacts) {
    const calls = callsById(messages);
    readFacts = (message) => extractMessageFacts(message, (callId) => calls.get(callId));
  }
  const seen = new Set<string>();
  const facts: Fact[] = [];
  for (const message of messages) {
    for (const fact of readFacts(message)) {
      const key = factKey(fact.category, fact.text);
      if (seen.has(key)) continue;
      seen.add(key);
      facts.push(fact);
    }
  }
  return facts;
}
