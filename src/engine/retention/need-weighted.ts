import type { Message } from '../transcript/model';
import { extractFacts } from './extract-facts';
import { findFacts } from './fact-check';
import type { Fact, FactCategory, NeededFact, NeedRetention, PassNeedRetention } from './facts';
import { emptyCategories } from './retention-report';
import { retentionText, shellCommandOf } from './retention-text';
import { mergeSpellings } from './same-fact';

export type { NeededFact } from './facts';

/**
 * The text in which a message after the boundary can use a fact: the agent's own words and tool calls (arguments and
 * decoded shell commands; not its thinking, which retention never counts), or the human's own messages. Tool output,
 * harness text and summaries are not the agent using anything: it did not write them.
 */
function usageText(message: Message): string | undefined {
  if (message.role === 'user' && message.origin === 'human') return retentionText(message);
  if (message.role !== 'assistant' || message.origin !== 'model') return undefined;
  const parts: string[] = [];
  for (const block of message.blocks) {
    if (block.kind === 'text') parts.push(block.text);
    else if (block.kind === 'tool_call') parts.push(`${block.name}\n${block.argsRaw}`, shellCommandOf(block) ?? '');
  }
  return parts.join('\n');
}

/**
 * Which needed facts a text holds, as need-weighted retention reads it: each command whole (`go test ./x` is neither
 * used nor held by `go test ./x -run Y`, see `findFacts`'s `wholeCommands`), each fact by any of its spellings.
 */
export function findNeeded(facts: readonly Fact[], text: string): boolean[] {
  return findFacts(facts, text, { wholeCommands: true });
}

/**
 * The categories a later use can show. Decisions are sentences an agent never repeats word for word: left out, as the
 * need-weighted definition (issue 16) leaves them out.
 */
const usableCategories = new Set<FactCategory>(['path', 'identifier', 'error', 'command', 'url', 'number', 'request', 'todo']);

/**
 * The facts of the compacted part (paths, identifiers, commands, errors, URLs, numbers with units, requests, TODOs —
 * the retention metric's extractors, bulk tool output left out) that the agent used again after the boundary, found in
 * each later message as retention finds facts in a context (normalized, whole words). A file or a command is one fact
 * however many ways the compacted part spells it (`mergeSpellings`: `/home/u/repo/cmd/x.go` and `cmd/x.go`; `cd repo
 * && go test ./x 2>&1 | tail` and `go test ./x`), used and held wherever any spelling is. All later messages are searched
 * at once first; only the facts found there are then placed message by message. `factsOf` reads one message's facts
 * (a caller's cache); by default a tool result's call is looked up in the compacted part.
 */
export function neededFacts(compactedPart: readonly Message[], after: readonly Message[], factsOf?: (message: Message) => Fact[]): NeededFact[] {
  const uses = after.flatMap((message) => {
    const text = usageText(message);
    return text ? [{ id: message.id, text }] : [];
  });
  const facts = mergeSpellings(extractFacts(compactedPart, factsOf).filter((fact) => usableCategories.has(fact.category)));
  const anywhere = findNeeded(facts, uses.map((use) => use.text).join('\n'));
  const candidates = facts.filter((_, index) => anywhere[index]);
  const usedAt = candidates.map((): string[] => []);
  for (const use of uses) {
    findNeeded(candidates, use.text).forEach((isUsed, index) => {
      if (isUsed) usedAt[index].push(use.id);
    });
  }
  return candidates.flatMap((fact, index) => (usedAt[index].length > 0 ? [{ ...fact, usedAt: usedAt[index] }] : []));
}

/** Checks needed facts against a compacted context (every message's retention text; add the system prompt when it stays). */
export function needWeightedRetention(needed: readonly NeededFact[], context: readonly Message[]): NeedRetention {
  const found = findNeeded(needed, context.map(retentionText).join('\n'));
  const byCategory = emptyCategories();
  const lost: NeededFact[] = [];
  needed.forEach((fact, index) => {
    byCategory[fact.category].total += 1;
    if (found[index]) byCategory[fact.category].kept += 1;
    else lost.push(fact);
  });
  const kept = needed.length - lost.length;
  return { score: needed.length === 0 ? 1 : kept / needed.length, needed: needed.length, kept, nothingNeeded: needed.length === 0, byCategory, lost };
}

/**
 * The need-weighted view of one pass (issue 16): the compacted part is every source message the pass's output does not
 * keep; the later messages are the source messages after the last of them (typically the recent ones a profile keeps
 * verbatim). The needed facts are checked against the output without those later messages — what the compaction put
 * in place of the compacted part, plus whatever came before it — and the system prompt. Undefined when nothing in the
 * source comes after the compacted part (or nothing was compacted).
 */
export function passNeedRetention(
  source: readonly Message[],
  system: Message | undefined,
  output: readonly Message[],
  isCompacted: (message: Message) => boolean,
  factsOf?: (message: Message) => Fact[],
): PassNeedRetention | undefined {
  const last = source.findLastIndex(isCompacted);
  if (last < 0 || last === source.length - 1) return undefined;
  const later = source.slice(last + 1);
  const laterIds = new Set(later.map((message) => message.id));
  const needed = neededFacts(source.slice(0, last + 1).filter(isCompacted), later, factsOf);
  const context = [...(system ? [system] : []), ...output.filter((message) => !laterIds.has(message.id))];
  return { ...needWeightedRetention(needed, context), laterFrom: later[0].id, laterMessages: later.length };
}
