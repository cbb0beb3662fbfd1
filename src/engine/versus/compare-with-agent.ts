import { neededFacts, needWeightedRetention, type NeededFact } from '../retention/need-weighted';
import type { CategoryRetention, FactCategory } from '../retention/facts';
import { countMessageTokens } from '../tokens/accounting';
import type { EncodingName, TokenCounter } from '../tokens/token-counter';
import type { Message } from '../transcript/model';
import { addedNote } from './added-note';
import { contextParts, factSources, redactionOf, type ContextParts, type FactSource, type Redaction } from './context-parts';
import type { CompactionCut } from './cut-at-compaction';
import { nextActions, type NextActions } from './next-actions';

/** One compacted context (the agent's or the profile's) measured against what the agent did after the boundary. */
export interface VersusSide {
  /** Exact tokens of the context's messages (the system prompt, the same on both sides, left out). */
  tokens: number;
  /** Need-weighted retention, 0..1: the share of the needed facts the context holds (1 when nothing was needed). */
  needRetention: number;
  /** How many facts of the compacted part the agent used after the boundary (the same on both sides). */
  needed: number;
  /** How many of the needed facts the context holds, with the source's system prompt beside it. */
  kept: number;
  /** True when the agent needed none of the compacted part's facts: `needRetention` is then 1 and says nothing. */
  nothingNeeded: boolean;
  /** `needed` (as `total`) and `kept`, by fact category. */
  byCategory: Record<FactCategory, CategoryRetention>;
  /** The agent's first tool calls after the boundary, and which of their targets the context names. */
  nextActions: NextActions;
  /** Needed facts the context lost, each with the messages after the boundary that used it (`usedAt`). */
  lost: NeededFact[];
  /** How many messages of each part the context holds: summary, history kept from before the boundary, messages added beside the summary. */
  holds: ContextParts;
  /** The needed facts the context holds, by where they were found first (summary, kept history, added messages, system prompt). */
  keptFrom: Record<FactSource, number>;
  /** Needed facts only an added message holds (hook output, re-attached files): kept, but not by the summary or the history. */
  keptOnlyByAdded: NeededFact[];
  /** The same needed facts checked against the side's summary message(s) alone. */
  summaryOnly: SummaryOnly;
}

/**
 * A side's summary message(s) scored alone: without the history it kept, the messages added beside it or the system
 * prompt — what the compaction itself wrote, measured on the same needed facts as the whole context.
 */
interface SummaryOnly {
  /** How many of the side's messages are its summary (0 when it holds none: then nothing is kept). */
  messages: number;
  /** Exact tokens of those messages, on the report's basis. */
  tokens: number;
  /** kept / needed, 0..1 (1 when nothing was needed, as the whole context's). */
  needRetention: number;
  /** How many of the side's needed facts its summary message(s) hold by themselves (the system prompt not beside them). */
  kept: number;
}

/** The agent's own compaction beside a profile's, at one boundary: the `versus` command's JSON. */
export interface VersusReport {
  /** What the token figures are: exact counts in one encoding (or a heuristic's estimate, said so). */
  basis: { encoding: EncodingName; isEstimate: boolean; description: string };
  /** The agent's compaction the two sides are compared at. */
  boundary: {
    /** The compaction's 1-based ordinal (`--boundary N`). */
    index: number;
    /** Index in the transcript's messages of the boundary. */
    atMessage: number;
    /** Tokens of the agent's summary message(s) alone. */
    agentSummaryTokens: number;
    /** False when the agent's summary cannot be read (encrypted or missing); `whyUnreadable` says why. */
    isReadable: boolean;
    /** Why the agent's summary cannot be read, in words; set only when `isReadable` is false. */
    whyUnreadable?: string;
  };
  /** The context the agent continued with after its own compaction (`cut.agentContext`). */
  agent: VersusSide;
  /** The context the profile's run left from the messages before the boundary. */
  profile: VersusSide;
  /**
   * Which side holds messages added beside its summary (on the agent's, its harness's hook output, local-command
   * output and re-attached files, which a profile's run never sees; on the profile's, messages its run inserted), in
   * a plain sentence, with how many needed facts only those messages hold and what the side keeps without them (no
   * counts when the source redacted the text).
   */
  addedNote: string;
  /** Set when the source redacted the text retention reads: then neither side's retention or next actions measure anything. */
  redaction?: Redaction;
}

/** What `compareWithAgent` compares: the cut, the profile's compacted context for `cut.before`, and the counter. */
export interface VersusInput {
  /** The transcript cut at the agent's compaction: what came before it, what it replaced, what the agent continued with and did after. */
  cut: CompactionCut;
  /** The messages the profile's run left (its result's messages). */
  profileContext: readonly Message[];
  /** The token counter every figure of the report is counted with (its basis). */
  count: TokenCounter;
  /** `neededFacts(cut.compactedPart, cut.after)`, when the caller compares many profiles at one cut and computed it once. */
  needed?: readonly NeededFact[];
}

/** Exact tokens of a compacted context's messages, as each side's `tokens` counts them (the system prompt left out). */
export function contextTokens(messages: readonly Message[], counter: TokenCounter): number {
  return messages.reduce((sum, message) => sum + countMessageTokens(message, counter), 0);
}

/**
 * Tokens of the agent's summary message(s) alone at a cut (`boundary.agentSummaryTokens`): the size a profile is
 * sized like before its run, when the comparison asks for one of a comparable size.
 */
export function agentSummaryTokens(cut: CompactionCut, count: TokenCounter): number {
  return contextTokens(cut.agentContext.filter((message) => message.origin === 'summary'), count);
}

/**
 * Measures the agent's own compacted context and a profile's side by side against what the agent went on to do: tokens,
 * need-weighted retention (by category, with the lost facts) and the agent's next actions. Both contexts are checked
 * with the source's system prompt beside them, since it stays through any compaction.
 */
export function compareWithAgent(input: VersusInput): VersusReport {
  const { cut, profileContext, count } = input;
  const needed = input.needed ?? neededFacts(cut.compactedPart, cut.after);
  const system = cut.before.system ? [cut.before.system] : [];
  const beforeIds = new Set(cut.before.messages.map((message) => message.id));
  const side = (context: readonly Message[]): VersusSide => {
    const retention = needWeightedRetention(needed, [...system, ...context]);
    const sources = factSources(needed, context, beforeIds, cut.before.system);
    const keptFrom: Record<FactSource, number> = { summary: 0, kept: 0, added: 0, system: 0 };
    for (const source of sources) if (source) keptFrom[source] += 1;
    const summary = context.filter((message) => message.origin === 'summary');
    const summaryRetention = needWeightedRetention(needed, summary);
    return {
      tokens: contextTokens(context, count),
      needRetention: retention.score,
      needed: retention.needed,
      kept: retention.kept,
      nothingNeeded: retention.nothingNeeded,
      byCategory: retention.byCategory,
      nextActions: nextActions(cut.after, [...system, ...context]),
      lost: retention.lost,
      holds: contextParts(context, beforeIds),
      keptFrom,
      keptOnlyByAdded: needed.filter((_, index) => sources[index] === 'added'),
      summaryOnly: { messages: summary.length, tokens: contextTokens(summary, count), needRetention: summaryRetention.score, kept: summaryRetention.kept },
    };
  };
  const redaction = redactionOf(cut.compactedPart, cut.after);
  const [agent, profile] = [side(cut.agentContext), side(profileContext)];
  const { compaction } = cut;
  const kind = count.isEstimate ? 'estimated' : 'exact';
  return {
    basis: {
      encoding: count.encoding,
      isEstimate: count.isEstimate === true,
      description: `${kind} ${count.encoding} tokens of each compacted context's messages, the shared system prompt left out`,
    },
    boundary: {
      index: compaction.ordinal,
      atMessage: compaction.atMessage,
      agentSummaryTokens: agentSummaryTokens(cut, count),
      isReadable: compaction.isReadable,
      ...(compaction.whyUnreadable ? { whyUnreadable: compaction.whyUnreadable } : {}),
    },
    agent,
    profile,
    addedNote: addedNote(agent, profile, redaction !== undefined),
    ...(redaction ? { redaction } : {}),
  };
}
