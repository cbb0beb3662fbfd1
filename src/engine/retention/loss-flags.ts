import { groupDigits } from '../group-digits';
import type { PairLint, PassSnapshot } from '../run/events';
import { savedUnderStallRatio, stallRatio } from '../run/stall-rule';
import { messageText } from '../tokens/message-text';
import type { Message } from '../transcript/model';
import type { LossFlag } from './facts';
import { unsupportedSentences, type LexicalSupport } from './lexical-support';

/** The most unsupported-claim flags one summary raises: enough to show the pattern without burying the rest. */
const claimFlagsPerSummary = 5;

/** What the flags of one pass are computed from. */
export interface PassFlagInput {
  /** The pass's snapshot: its token counts, its tool-pair lint and its flags. */
  snapshot: PassSnapshot;
  /** The state before this pass: the source messages for pass 1, else the previous pass's output. */
  previousMessages: readonly Message[];
  /** Ids of the source's messages: a summary among them is the source's own, not this run's. */
  sourceIds: ReadonlySet<string>;
  /** Source messages this pass compacted (kept before it, not after). */
  newlyCompacted: readonly Message[];
  /** Source messages compacted by this pass or an earlier one. */
  compacted: readonly Message[];
  /** Tool-pair breaks the source already had; only new ones are the pass's doing. */
  sourceLint: PairLint;
  /** Ids of every summary inserted up to this pass. */
  summaryIds: ReadonlySet<string>;
  /** The config's pinned lines this pass's output does not hold verbatim. */
  pinnedLost: readonly string[];
  /** The words of every source message compacted so far (built on first use: only summaries need it). */
  support: () => LexicalSupport;
}

const integer = groupDigits;

/**
 * Growth and stalls, on exact counts where the run measured them (the profile's own estimate can mix bases: a logged
 * usage before, a chars/4 count after). A no-op pass is not also called a stall: its own flag says more.
 */
function sizeFlags(snapshot: PassSnapshot): LossFlag[] {
  const { pass } = snapshot;
  const { before, after } = snapshot.exact ?? { before: snapshot.tokensBefore, after: snapshot.tokensAfter };
  const basis = snapshot.exact ? 'tokens, exact' : "tokens, the profile's estimate";
  if (after > before) return [{ kind: 'inflation', message: `Pass ${pass} grew the context: ${integer(before)} → ${integer(after)} ${basis}.` }];
  const saved = before - after;
  if (savedUnderStallRatio(before, after) && !snapshot.flags.includes('no-op')) {
    return [{ kind: 'stall', message: `Pass ${pass} saved ${((saved / before) * 100).toFixed(1)}% (${integer(saved)} ${basis}), under ${stallRatio * 100}%.` }];
  }
  return [];
}

function pairFlags(snapshot: PassSnapshot, sourceLint: PairLint): LossFlag[] {
  const orphans = snapshot.lint.orphanResults.filter((id) => !sourceLint.orphanResults.includes(id));
  const unanswered = snapshot.lint.unansweredCalls.filter((id) => !sourceLint.unansweredCalls.includes(id));
  if (orphans.length + unanswered.length === 0) return [];
  const broken = new Set([...orphans, ...unanswered]);
  const holder = snapshot.messages.find((message) => message.blocks.some((block) => (block.kind === 'tool_call' || block.kind === 'tool_result') && broken.has(block.callId)));
  return [
    {
      kind: 'broken-tool-pairs',
      message: `Pass ${snapshot.pass} broke ${broken.size} tool pair(s): ${orphans.length} result(s) without their call, ${unanswered.length} call(s) without their result.`,
      messageId: holder?.id,
      evidence: [...broken].slice(0, 10).join(', '),
    },
  ];
}

/** Summaries this pass wrote: inserted messages (or the pass's own summary text) not already in the previous state. */
function newSummaries(input: PassFlagInput): { id?: string; text: string }[] {
  const { snapshot, previousMessages, sourceIds, summaryIds } = input;
  const before = new Map(previousMessages.map((message) => [message.id, message]));
  const written = snapshot.messages
    .filter((message) => (summaryIds.has(message.id) || message.origin === 'summary') && !sourceIds.has(message.id))
    .filter((message) => {
      const previous = before.get(message.id);
      return previous === undefined || messageText(previous) !== messageText(message);
    })
    .map((message) => ({ id: message.id, text: messageText(message) }));
  if (written.length === 0 && snapshot.summary && !previousMessages.some((message) => messageText(message).includes(snapshot.summary ?? ''))) {
    return [{ text: snapshot.summary }];
  }
  return written;
}

function summaryFlags(input: PassFlagInput): LossFlag[] {
  const { snapshot, newlyCompacted, compacted } = input;
  return newSummaries(input).flatMap((summary) => {
    // A rolling summary replaces everything folded into it so far; the fates say which messages those are.
    const replaced = summary.id === undefined ? [] : compacted.filter((message) => {
      const fate = snapshot.fates[message.id];
      return fate?.kind === 'summarized' && fate.summaryId === summary.id;
    });
    const source = replaced.length > 0 ? replaced : newlyCompacted;
    const sourceChars = source.reduce((sum, message) => sum + messageText(message).length, 0);
    const flags: LossFlag[] = [];
    if (sourceChars > 0 && summary.text.length > sourceChars) {
      flags.push({
        kind: 'summary-larger-than-source',
        message: `The summary is longer than the ${source.length} message(s) it replaced: ${integer(summary.text.length)} vs ${integer(sourceChars)} characters.`,
        messageId: summary.id,
      });
    }
    for (const claim of unsupportedSentences(summary.text, input.support()).slice(0, claimFlagsPerSummary)) {
      flags.push({
        kind: 'unsupported-claim',
        message: `Possibly invented: only ${claim.supported} of ${claim.total} content words of this summary sentence appear in the compacted source.`,
        messageId: summary.id,
        evidence: claim.sentence,
      });
    }
    return flags;
  });
}

/** Every loss flag of one pass: size (inflation, stall), tool pairs, pinned lines, and its new summaries. */
export function passLossFlags(input: PassFlagInput): LossFlag[] {
  const pinned = input.pinnedLost.map((line): LossFlag => ({ kind: 'pinned-line-lost', message: `Pass ${input.snapshot.pass} lost a pinned line: it is not in the compacted context verbatim.`, evidence: line }));
  return [...sizeFlags(input.snapshot), ...pairFlags(input.snapshot, input.sourceLint), ...pinned, ...summaryFlags(input)];
}
