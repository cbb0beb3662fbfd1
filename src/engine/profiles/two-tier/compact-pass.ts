import type { PassFlag } from '../../run/events';
import type { Fate, Insertion } from '../../transcript/fates';
import type { HarnMessage } from '../../strategies/harn-message';
import type { ArchivedFate } from '../../strategies/strategy-output';
import type { Message } from '../../transcript/model';
import type { TwoTierStrategy } from './config';
import type { HarnEstimator } from './estimate';
import type { TwoTierSettings } from './lowering';
import type { MicrocompactOutcome } from './microcompact-pass';
import { findSplit, type TwoTierSplit } from './split';
import { applyTierStrategy, type TierContext } from './tier-strategy';

/** What one two-tier pass produced, before token counts and timing are added. */
export interface PassOutcome {
  messages: Message[];
  fates: Record<string, Fate>;
  insertions: Insertion[];
  strategy: string;
  fallback?: string;
  summary?: string;
  split?: TwoTierSplit;
  flags: PassFlag[];
}

/** Name a snapshot reports for an engine strategy (the LLM one is `llm-summary`, like the other profiles'). */
export function strategyLabel(strategy: TwoTierStrategy): string {
  return strategy === 'llm' ? 'llm-summary' : strategy;
}

/** Fates of the source messages when nothing was archived: kept, or microcompacted where an output shrank. */
export function baseFates(source: readonly Message[], micro: MicrocompactOutcome): Record<string, Fate> {
  const fates: Record<string, Fate> = {};
  for (const message of source) {
    const change = micro.changed.get(message.id);
    fates[message.id] = change ? { kind: 'microcompacted', ...change } : { kind: 'kept' };
  }
  return fates;
}

/**
 * One compaction (spec §3.4 steps 6–10) over the microcompacted messages: split, tier 1 on the archived slice,
 * tier 2 on only the tier-1 summary when `[summary] + remaining` estimates above the hard limit, and the summary
 * placed as one user message at `keep_first`. Failures propagate (as `TwoTierFailure`) to the run.
 */
export async function compactPass(context: TierContext, settings: TwoTierSettings, source: readonly Message[], micro: MicrocompactOutcome, harn: HarnMessage[], estimate: HarnEstimator): Promise<PassOutcome> {
  const fates = baseFates(source, micro);
  const tier1Label = strategyLabel(settings.compactStrategy);
  const split = findSplit(harn, settings.keepFirst, settings.keepLast);
  if (!split) return { messages: micro.messages, fates, insertions: [], strategy: tier1Label, flags: ['no-work'] };
  const { compactStart, split: end } = split;
  const archived = harn.slice(compactStart, end);
  const archivedCount = archived.length;
  const tier1 = await applyTierStrategy(context, settings.compactStrategy, archived, archivedCount, false);
  let summary = tier1.text;
  let archivedFates: ArchivedFate[] = tier1.archivedFates;
  let fallback = tier1.isEmptyFallback ? 'truncate' : undefined;
  if (settings.hardLimitTokens !== null) {
    const summaryMessage: HarnMessage = { role: 'user', content: tier1.text };
    const tokens = estimate([summaryMessage, ...harn.slice(0, compactStart), ...harn.slice(end)]);
    if (tokens > settings.hardLimitTokens) {
      const tier2Label = strategyLabel(settings.hardLimitStrategy);
      context.onEvent({ type: 'fallback', pass: context.pass, from: tier1Label, to: tier2Label, reason: `tier 2: ${tokens} tokens after tier 1 > hard limit ${settings.hardLimitTokens}` });
      const tier2 = await applyTierStrategy(context, settings.hardLimitStrategy, [summaryMessage], archivedCount, true);
      summary = tier2.text;
      // Tier 2 rewrites the whole tier-1 summary, so every archived message now lives only in the new summary.
      archivedFates = archived.map(() => 'summarized');
      fallback = tier2Label;
    }
  }
  const summaryId = uniqueId(source, `two-tier-summary-${context.pass}`);
  archived.forEach((_message, offset) => {
    const id = micro.messages[compactStart + offset].id;
    const fate = archivedFates[offset];
    fates[id] = fate === 'summarized' ? { kind: 'summarized', summaryId } : { kind: fate };
  });
  const summaryMessage: Message = {
    id: summaryId,
    role: 'user',
    origin: 'summary',
    blocks: [{ kind: 'text', text: summary }],
    sourceRef: {},
    raw: { role: 'user', content: summary },
  };
  return {
    messages: [...micro.messages.slice(0, compactStart), summaryMessage, ...micro.messages.slice(end)],
    fates,
    insertions: [{ id: summaryId, kind: 'summary' }],
    strategy: tier1Label,
    fallback,
    summary,
    split,
    flags: [],
  };
}

function uniqueId(messages: readonly Message[], base: string): string {
  const ids = new Set(messages.map((message) => message.id));
  let candidate = base;
  for (let suffix = 2; ids.has(candidate); suffix++) candidate = `${base}-${suffix}`;
  return candidate;
}
