import type { PassSnapshot, RunResult } from '../run/events';
import { lintToolPairs } from '../run/pair-lint';
import type { Message, Transcript } from '../transcript/model';
import { callsById } from './bulk-output';
import { extractFacts, extractMessageFacts, factKey } from './extract-facts';
import { findFacts } from './fact-check';
import type { Fact, PassRetention } from './facts';
import { LexicalSupport } from './lexical-support';
import { passLossFlags } from './loss-flags';
import { passNeedRetention } from './need-weighted';
import { retentionReport } from './retention-report';
import { retentionText } from './retention-text';

/** True when the pass compacted the message: its fate is not `kept` (a message with no fate counts when it is gone). */
export function isCompacted(snapshot: PassSnapshot, message: Message, outputIds: ReadonlySet<string>): boolean {
  const fate = snapshot.fates[message.id];
  return fate ? fate.kind !== 'kept' : !outputIds.has(message.id);
}

/**
 * Fact retention and loss flags of every pass of a run. Facts are extracted once per source message; each pass's
 * output (with the system prompt, which passes carry beside it) is indexed once and every fact compacted so far is
 * checked against it. Pinned lines are checked verbatim. Where the source goes on after the messages a pass's output does
 * not keep, the pass also gets the need-weighted view (`passNeedRetention`).
 */
export function measureRetention(source: Transcript, result: RunResult, pinnedLines: string[]): PassRetention[] {
  const lines = pinnedLines.filter((line) => line.trim() !== '');
  const factCache = new Map<string, Fact[]>();
  // A compacted result's call may have stayed in the context: its call is looked up in the whole source.
  const calls = callsById(source.messages);
  const callOf = (callId: string) => calls.get(callId);
  const factsOf = (message: Message): Fact[] => {
    let facts = factCache.get(message.id);
    if (!facts) factCache.set(message.id, (facts = extractMessageFacts(message, callOf)));
    return facts;
  };
  const sourceIds = new Set(source.messages.map((message) => message.id));
  const sourceLint = lintToolPairs(source.messages);
  const summaryIds = new Set<string>();
  const compactedIds = new Set<string>();
  const support = new LexicalSupport();
  if (source.system) support.add(retentionText(source.system));
  // The summarizer is told to copy pinned lines verbatim; a sentence quoting one is supported, not invented.
  for (const line of lines) support.add(line);
  const supportedIds = new Set<string>();
  let previousCompacted = new Set<string>();
  let previousMessages: readonly Message[] = source.messages;
  return result.passes.map((snapshot) => {
    for (const insertion of snapshot.insertions) if (insertion.kind === 'summary') summaryIds.add(insertion.id);
    const outputIds = new Set(snapshot.messages.map((message) => message.id));
    const compactedNow = new Set(source.messages.filter((message) => isCompacted(snapshot, message, outputIds)).map((message) => message.id));
    for (const id of compactedNow) compactedIds.add(id);
    const newlyCompacted = source.messages.filter((message) => compactedNow.has(message.id) && !previousCompacted.has(message.id));
    const compacted = source.messages.filter((message) => compactedIds.has(message.id));
    const context = [source.system, ...snapshot.messages].filter((message): message is Message => message !== undefined).map(retentionText).join('\n');
    const cumulativeFacts = extractFacts(compacted, factsOf);
    const found = findFacts(cumulativeFacts, context);
    const keptKeys = new Set(cumulativeFacts.filter((_, index) => found[index]).map((fact) => factKey(fact.category, fact.text)));
    const isKept = (fact: Fact): boolean => keptKeys.has(factKey(fact.category, fact.text));
    const pinnedLost = lines.filter((line) => !context.includes(line));
    const flags = passLossFlags({
      snapshot,
      previousMessages,
      sourceIds,
      newlyCompacted,
      compacted,
      sourceLint,
      summaryIds,
      pinnedLost,
      support: () => {
        // Support grows with the compacted messages; each is read once, when a summary first needs it.
        for (const message of compacted) {
          if (supportedIds.has(message.id)) continue;
          supportedIds.add(message.id);
          support.add(retentionText(message));
        }
        return support;
      },
    });
    previousCompacted = compactedNow;
    previousMessages = snapshot.messages;
    const needWeighted = passNeedRetention(source.messages, source.system, snapshot.messages, (message) => compactedNow.has(message.id), factsOf);
    return {
      pass: snapshot.pass,
      perPass: retentionReport(extractFacts(newlyCompacted, factsOf), isKept, lines, pinnedLost),
      cumulative: retentionReport(cumulativeFacts, isKept, lines, pinnedLost),
      flags,
      ...(needWeighted ? { needWeighted } : {}),
    };
  });
}
