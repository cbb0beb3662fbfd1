import type { VersusSide } from '../engine';
import { loadTokenCounter } from '../ports/tokenizer/token-counter';
import { qualityFixtures, type FixtureSet } from './quality-fixtures';
import { measureQuality, type CompactionMeasure } from './quality-measure';
import { corpusLines, type CorpusLine } from './quality-report';
import { sizedMultiples } from './quality-sizing';
import { formatMs, formatTable, print } from './timing';

/** The issue's goals: at the agent's own size, beat its retention; at twice its size, keep this share. */
const goal = { twiceSizeRetention: 0.9 };

const share = (value: number): string => value.toFixed(2);
const tokens = (value: number): string => Math.round(value).toLocaleString('en-US');

function sideCells(side: VersusSide, agentSummaryTokens: number): string[] {
  return [
    tokens(side.tokens),
    `${(side.tokens / agentSummaryTokens).toFixed(2)}×`,
    side.nothingNeeded ? '— (nothing needed)' : share(side.needRetention),
    `${side.kept}/${side.needed}`,
    `${side.nextActions.found}/${side.nextActions.total}`,
  ];
}

/** One compaction's table: the agent's own summary, then every profile run. */
function printCompaction(measure: CompactionMeasure): void {
  print();
  print(`${measure.fixture} [${measure.set}] — compaction ${measure.index} (${measure.kind}) before message ${measure.beforeMessage}:`);
  print(`  ${measure.messagesBefore} messages before it (${measure.compacted} compacted), ${measure.after} after it; ${measure.needed} facts of the compacted part used again after it; the agent's summary: ${tokens(measure.agentSummaryTokens)} tokens.`);
  const table = [
    ["the agent's own summary", ...sideCells(measure.agent, measure.agentSummaryTokens), '—', '—'],
    ...measure.rows.map((row) => {
      const status = row.broken ? `BROKEN: ${row.broken}` : (row.forced ?? '—');
      return row.side ? [row.label, ...sideCells(row.side, measure.agentSummaryTokens), status, formatMs(row.durationMs)] : [row.label, '—', '—', `failed (${row.failure ?? ''})`, '—', '—', status, formatMs(row.durationMs)];
    }),
  ];
  print(formatTable(['context', 'tokens', '× agent summary', 'need-weighted retention', 'kept/needed', 'next actions found', 'gate forced / broken', 'run'], table));
  const sized = measure.rows.filter((row) => row.settings);
  if (sized.length > 0) print(`  sized: ${sized.map((row) => `${row.label} {${row.settings ?? ''}}`).join('; ')}`);
}

function corpusCells(line: CorpusLine): string[] {
  return [
    line.label,
    tokens(line.meanTokens),
    `${line.meanMultiple.toFixed(2)}×`,
    share(line.meanRetention),
    share(line.medianRetention),
    share(line.meanSummaryRetention),
    line.label.startsWith('the agent') ? '—' : `${line.wins}/${line.ties}/${line.losses}`,
    `${line.nextActions.found}/${line.nextActions.total}`,
    String(line.broken.length),
    line.worst ? `${line.worst.compaction} (${share(line.worst.retention)} vs ${share(line.worst.agent)})` : '—',
  ];
}

/** The corpus table, the broken runs by name, and the goal lines, over the compactions of the given sets. */
function printCorpus(measures: readonly CompactionMeasure[], sets: readonly FixtureSet[], title: string): void {
  const ofSets = measures.filter((measure) => sets.includes(measure.set));
  print();
  if (ofSets.length === 0) {
    print(`${title}: no compactions — add real sessions holding an agent's compaction (see e2e/fixtures/compactions/NOTICE.md).`);
    return;
  }
  const needing = ofSets.filter((measure) => measure.needed > 0).length;
  print(`${title}: ${ofSets.length} compactions of ${new Set(ofSets.map((measure) => measure.fixture)).size} sessions (${needing} needed something; retention means and medians are over those, a broken run counting 0).`);
  const lines = corpusLines(ofSets);
  print(formatTable(['context', 'mean tokens', 'mean × agent', 'mean retention', 'median', 'summary alone', 'wins/ties/losses vs agent', 'next actions', 'broken', 'worst compaction (its retention vs the agent\'s)'], lines.map(corpusCells)));
  const broken = lines.flatMap((line) => line.broken.map((why) => `${line.label} at ${why}`));
  print(broken.length === 0 ? '  No broken run.' : `  Broken runs (${broken.length}):\n${broken.map((line) => `    ${line}`).join('\n')}`);
  const agent = lines[0];
  for (const multiple of sizedMultiples) {
    const sized = lines.filter((line) => line.label.endsWith(`(${multiple}×)`));
    const best = [...sized].sort((left, right) => right.meanRetention - left.meanRetention)[0];
    if (!best) continue;
    const target = multiple === 1 ? `the agent's ${share(agent.meanRetention)}, and win on most compactions` : `${goal.twiceSizeRetention}`;
    const met = multiple === 1 ? best.meanRetention > agent.meanRetention && best.wins > needing / 2 : best.meanRetention >= goal.twiceSizeRetention;
    print(`  At ${multiple}× the agent's summary, best: ${best.label} ${share(best.meanRetention)} (median ${share(best.medianRetention)}, at ${best.meanMultiple.toFixed(2)}× on average, wins ${best.wins} of ${needing}); goal: above ${target} — ${met ? 'met' : 'NOT met'}.`);
  }
}

/**
 * Need-weighted retention against the agent's own compaction, on every real fixture that holds a readable one (the
 * tuning fixture, the development corpus in `e2e/fixtures/compactions`, any held-out sessions): cut at each
 * compaction, every profile run with the offline summarizer at its defaults and sized at 1× and 2× the agent's summary,
 * each measured beside the agent's own summary on the same cut in the same process. Then the corpus figures per
 * context — tokens, multiple of the agent's summary, mean and median retention, wins/ties/losses against the agent,
 * next actions served, broken runs, the worst compaction by name — and the goal lines. A report, not a test.
 */
export async function runQualityBench(): Promise<void> {
  const counter = await loadTokenCounter('o200k_base');
  const fixtures = qualityFixtures();
  print('Tokens are exact o200k_base counts of each compacted context\'s messages (the shared system prompt left out).');
  print('Need-weighted retention: of the compacted part\'s facts the agent used again after the boundary, the share the context holds.');
  print('Next actions: the agent\'s first tool calls after the boundary whose target (path, command, URL) is in the context.');
  print('Broken: the run failed, made no pass, replaced nothing, wiped the history, or (sized) kept over 1.5× its target.');
  const measures = await measureQuality(fixtures, counter, printCompaction);
  const skipped = fixtures.filter((fixture) => !measures.some((measure) => measure.fixture === fixture.name));
  print();
  print(`Fixtures without a readable agent compaction followed by work (skipped): ${skipped.map((fixture) => fixture.name).join(', ') || 'none'}.`);
  printCorpus(measures, ['tuning', 'development'], 'Corpus (the tuning fixture and the development corpus)');
  if (measures.some((measure) => measure.set === 'held-out')) printCorpus(measures, ['held-out'], 'Held-out sessions');
}
