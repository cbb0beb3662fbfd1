import type { VersusSide } from '../engine';
import type { CompactionMeasure, ProfileRow } from './quality-measure';

/** Two retentions closer than this are a tie: one fact in 200. */
const tieMargin = 0.005;

/** One context's figures over the corpus: the agent's own summary, or one profile variant. */
export interface CorpusLine {
  /** `the agent's own summary`, or a row's label (`unified (1×)`). */
  label: string;
  /** Compactions measured (every one of the corpus, broken runs included). */
  compactions: number;
  meanTokens: number;
  /** Mean of each context's tokens ÷ the agent's summary tokens at that compaction. */
  meanMultiple: number;
  /** Need-weighted retention over the compactions that needed something; a broken run counts 0. */
  meanRetention: number;
  medianRetention: number;
  /** The same mean with each context's summary message(s) scored alone (what the compaction wrote, without kept history or added messages). */
  meanSummaryRetention: number;
  /** Against the agent's own summary, compaction by compaction (a broken run is a loss). */
  wins: number;
  ties: number;
  losses: number;
  /** The agent's next actions whose target the context holds, summed over the corpus. */
  nextActions: { found: number; total: number };
  /** `fixture #n: why`, one per broken run. */
  broken: string[];
  /** The compaction where this context trails the agent's most (or leads it least), named. */
  worst?: { compaction: string; retention: number; agent: number };
}

const mean = (values: readonly number[]): number => (values.length === 0 ? 0 : values.reduce((sum, value) => sum + value, 0) / values.length);

/** The middle value (the mean of the two middle ones for an even count); 0 for none. */
export function median(values: readonly number[]): number {
  if (values.length === 0) return 0;
  const sorted = [...values].sort((left, right) => left - right);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 === 1 ? sorted[middle] : (sorted[middle - 1] + sorted[middle]) / 2;
}

/** `compactions/x.jsonl #2`: a compaction as the report names it. */
const compactionName = (measure: CompactionMeasure): string => `${measure.fixture} #${measure.index}`;

interface Scored {
  measure: CompactionMeasure;
  side?: VersusSide;
  broken?: string;
}

/** The retention a context scores at a compaction for the corpus figures: 0 when broken or failed. */
const scoreOf = (scored: Scored): number => (scored.broken || !scored.side ? 0 : scored.side.needRetention);

function corpusLine(label: string, scored: readonly Scored[], isAgent: boolean): CorpusLine {
  const measured = scored.filter((item) => item.side);
  const needing = scored.filter((item) => item.measure.needed > 0);
  const retention = needing.map(scoreOf);
  let wins = 0;
  let ties = 0;
  let losses = 0;
  let worst: CorpusLine['worst'];
  let worstLead = Number.POSITIVE_INFINITY;
  for (const item of needing) {
    const own = scoreOf(item);
    const agent = item.measure.agent.needRetention;
    if (!isAgent) {
      if (Math.abs(own - agent) < tieMargin) ties += 1;
      else if (own > agent) wins += 1;
      else losses += 1;
    }
    // The agent's weakest compaction is its lowest score; a profile's is where it trails the agent most.
    const lead = isAgent ? own : own - agent;
    if (lead < worstLead) {
      worstLead = lead;
      worst = { compaction: compactionName(item.measure), retention: own, agent };
    }
  }
  return {
    label,
    compactions: scored.length,
    meanTokens: mean(measured.map((item) => item.side?.tokens ?? 0)),
    meanMultiple: mean(measured.map((item) => (item.side?.tokens ?? 0) / item.measure.agentSummaryTokens)),
    meanRetention: mean(retention),
    medianRetention: median(retention),
    meanSummaryRetention: mean(needing.map((item) => (item.broken || !item.side ? 0 : item.side.summaryOnly.needRetention))),
    wins,
    ties,
    losses,
    nextActions: {
      found: measured.reduce((sum, item) => sum + (item.side?.nextActions.found ?? 0), 0),
      total: measured.reduce((sum, item) => sum + (item.side?.nextActions.total ?? 0), 0),
    },
    broken: scored.filter((item) => item.broken).map((item) => `${compactionName(item.measure)}: ${item.broken ?? ''}`),
    ...(worst ? { worst } : {}),
  };
}

/**
 * The corpus figures: the agent's own summary first, then every profile variant in the order the rows were run, each
 * over every compaction measured.
 */
export function corpusLines(measures: readonly CompactionMeasure[]): CorpusLine[] {
  const agent = corpusLine("the agent's own summary", measures.map((measure) => ({ measure, side: measure.agent })), true);
  const labels = [...new Set(measures.flatMap((measure) => measure.rows.map((row) => row.label)))];
  const rowOf = (measure: CompactionMeasure, label: string): ProfileRow | undefined => measure.rows.find((row) => row.label === label);
  return [
    agent,
    ...labels.map((label) =>
      corpusLine(
        label,
        measures.map((measure) => {
          const row = rowOf(measure, label);
          return { measure, side: row?.side, broken: row?.broken ?? (row?.side ? undefined : (row?.failure ?? 'not run')) };
        }),
        false,
      ),
    ),
  ];
}
