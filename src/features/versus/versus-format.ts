import { factCategories, type AgentCompaction, type CategoryRetention, type FactCategory, type VersusSide } from '../../engine';
import type { VersusProgress } from '../../worker-client/versus-protocol';
import { formatInteger, formatPercent } from '../../ui/format';

/** A sentence from the lab's words: its first letter in capitals, a full stop at the end. */
export function sentence(text: string): string {
  const capitalized = text.charAt(0).toUpperCase() + text.slice(1);
  return /[.!?]$/.test(capitalized) ? capitalized : `${capitalized}.`;
}

/** How the picker and the headings name a compaction: its number, where it is (messages from 1) and what marks it. */
export function compactionLabel(compaction: AgentCompaction): string {
  const { marker } = compaction;
  const kind = [marker.kind, marker.trigger].filter(Boolean).join(', ');
  const unreadable = compaction.isReadable ? '' : ' — cannot be compared';
  return `Compaction ${compaction.ordinal}: before message ${formatInteger(compaction.atMessage + 1)} (${kind})${unreadable}`;
}

/** `a`, `a and b`, `a, b and c`: settings named in a sentence. */
export function listedInWords(items: readonly string[]): string {
  return items.length <= 1 ? (items[0] ?? '') : `${items.slice(0, -1).join(', ')} and ${items[items.length - 1]}`;
}

/** `7.44× the agent's summary`: tokens as a multiple of the agent's summary; undefined when that summary counts none. */
export function timesAgentText(tokens: number, agentSummaryTokens: number): string | undefined {
  return agentSummaryTokens > 0 ? `${(tokens / agentSummaryTokens).toFixed(2)}× the agent's summary` : undefined;
}

/** The ordinal a comparison starts on: the last readable compaction, as the lab picks by default. */
export function defaultOrdinal(compactions: readonly AgentCompaction[]): number | undefined {
  return compactions.filter((compaction) => compaction.isReadable).at(-1)?.ordinal;
}

/** `1 summary + 5 added beside it`: which messages a compacted context holds, by part. */
export function holdsText(side: VersusSide): string {
  const { summary, kept, added } = side.holds;
  const parts = [
    summary > 0 ? `${formatInteger(summary)} summary message${summary === 1 ? '' : 's'}` : '',
    kept > 0 ? `${formatInteger(kept)} kept from the history` : '',
    added > 0 ? `${formatInteger(added)} added beside the summary (hook output, local commands, re-attached files)` : '',
  ].filter(Boolean);
  return parts.join(' + ') || 'no messages';
}

/** `found in: 12 the summary, 1 an added message`: where the needed facts a context holds were found first. */
export function keptFromText(side: VersusSide): string | undefined {
  const names = { summary: 'the summary', kept: 'the kept history', added: 'added messages', system: 'the system prompt' } as const;
  const parts = (['summary', 'kept', 'added', 'system'] as const).flatMap((source) => (side.keptFrom[source] > 0 ? [`${formatInteger(side.keptFrom[source])} in ${names[source]}`] : []));
  return parts.length > 0 ? `kept facts found ${parts.join(', ')}` : undefined;
}

/** `70.0% (14 of 20 needed facts)`, or a sentence when the text is redacted or the agent needed none of the compacted part's facts. */
export function needRetentionText(side: VersusSide, isRedacted = false): string {
  if (isRedacted) return 'cannot be measured: the source redacted the text';
  if (side.nothingNeeded) return 'nothing to measure: the agent used none of the compacted facts again';
  return `${formatPercent(side.needRetention)} (${formatInteger(side.kept)} of ${formatInteger(side.needed)} needed facts)`;
}

/** `55.0% (11 of 20 needed facts) in 1,204 tokens`: the summary message(s) alone, or why there is no figure. */
export function summaryOnlyText(side: VersusSide, isRedacted = false): string {
  const { summaryOnly } = side;
  if (summaryOnly.messages === 0) return 'no summary message';
  if (isRedacted) return 'cannot be measured: the source redacted the text';
  const tokens = `${formatInteger(summaryOnly.tokens)} tokens`;
  if (side.nothingNeeded) return `nothing to measure, ${tokens}`;
  return `${formatPercent(summaryOnly.needRetention)} (${formatInteger(summaryOnly.kept)} of ${formatInteger(side.needed)} needed facts) in ${tokens}`;
}

/** The categories either side needed facts of, in report order, with each side's counts. */
export function neededCategories(agent: VersusSide, profile: VersusSide): { category: FactCategory; agent: CategoryRetention; profile: CategoryRetention }[] {
  return factCategories.filter((category) => agent.byCategory[category].total > 0).map((category) => ({ category, agent: agent.byCategory[category], profile: profile.byCategory[category] }));
}

/** A progress event in words, for the status line while the comparison runs; undefined for events that add nothing. */
export function progressText(progress: VersusProgress): string | undefined {
  switch (progress.type) {
    case 'run-start':
      return `Running ${progress.profile} on the ${formatInteger(progress.messageCount)} messages before the boundary…`;
    case 'gate':
      return progress.shouldCompact ? `The gate fires: ${progress.reason}` : `The gate would not fire: ${progress.reason}`;
    case 'pass-start':
      return `Pass ${progress.pass} started…`;
    case 'attempt-start':
      return `Pass ${progress.pass}: ${progress.role === 'local' ? 'trimming locally' : `summarizing with ${progress.model ?? progress.role}`}…`;
    case 'attempt-retry':
      return `Pass ${progress.pass}: retrying after ${progress.error.message}`;
    case 'fallback':
      return `Pass ${progress.pass}: falling back from ${progress.from} to ${progress.to}…`;
    default:
      return undefined;
  }
}
