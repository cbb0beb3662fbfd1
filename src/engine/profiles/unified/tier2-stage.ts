import type { HarnMessage } from '../../strategies/harn-message';
import { formatCompactionMessages, llmSummaryFromAnswer, renderSummarizePrompt } from '../../strategies/llm-summary';
import { observationMaskSummary } from '../../strategies/observation-mask';
import { truncateSummary } from '../../strategies/truncate';
import { projectSummary, runRung, type RunState } from '../auto-compactor/parts';
import { rungContext, type PassLedger, type UnifiedContext } from './unified-context';

/** How tier 2 ended: it rewrote the summary, was not needed, or the user aborted it. */
export type Tier2Outcome = { kind: 'rewritten'; summary: string; strategy: string } | { kind: 'skipped'; reason: string } | { kind: 'cancelled' };

/**
 * Seed 3's tier 2 (spec §3.4): when the context after the summary is still above the hard limit, the pass's summary
 * itself — and only it — is compacted again with `hardLimitStrategy`. An LLM tier 2 goes through the attempt ladder's
 * main rung (retries, budgets); if it fails, the tier-1 summary stays and the failure is a notice.
 */
export async function tier2Stage(context: UnifiedContext, state: RunState, ledger: PassLedger, summaryId: string, tokens: number): Promise<Tier2Outcome> {
  const { config, onEvent } = context;
  const strategy = config.hardLimitStrategy;
  if (strategy === 'none') return { kind: 'skipped', reason: 'tier 2 is off' };
  if (tokens <= context.hardLimitTokens) return { kind: 'skipped', reason: `${tokens} tokens <= hard limit ${context.hardLimitTokens}` };
  const record = state.records.get(summaryId);
  const index = state.messages.findIndex((message) => message.id === summaryId);
  if (!record || index < 0) return { kind: 'skipped', reason: 'no summary to compact' };
  onEvent({ type: 'fallback', pass: ledger.pass, from: 'llm-summary', to: `tier2-${strategy}`, reason: `tier 2: ${tokens} tokens after the summary > hard limit ${context.hardLimitTokens}` });
  const input: HarnMessage[] = [{ role: 'user', content: record.summary }];
  let archivedCount = 0;
  for (const fate of state.fates.values()) if (fate.kind === 'summarized' && fate.summaryId === summaryId) archivedCount += 1;
  let summary: string;
  if (strategy === 'truncate') summary = truncateSummary(input, archivedCount).text;
  else if (strategy === 'observation-mask') summary = observationMaskSummary(input, archivedCount).text;
  else {
    const main = context.rungs.find((candidate) => candidate.rung.role === 'main');
    if (!main) return { kind: 'skipped', reason: 'tier 2 llm needs a main summarizer' };
    const prompt = renderSummarizePrompt(undefined, formatCompactionMessages(input), archivedCount);
    const outcome = await runRung(rungContext(context, ledger), main.rung, async (signal) => {
      context.summarizerCalls += 1;
      return (await main.summarizer.summarize({ role: 'main', system: '', prompt, signal })).text;
    });
    if (outcome.kind === 'cancelled') return outcome;
    if (outcome.kind === 'failed') {
      ledger.notices.push(`tier 2 (llm) failed, the tier-1 summary stays: ${outcome.error.message}`);
      return { kind: 'skipped', reason: outcome.error.message };
    }
    summary = llmSummaryFromAnswer(outcome.result, input, archivedCount).text;
  }
  state.records.set(summaryId, { ...record, summary });
  const message = state.messages[index];
  state.messages = [...state.messages.slice(0, index), { ...message, blocks: [{ kind: 'text', text: projectSummary(summary) }] }, ...state.messages.slice(index + 1)];
  return { kind: 'rewritten', summary, strategy: `tier2-${strategy}` };
}
