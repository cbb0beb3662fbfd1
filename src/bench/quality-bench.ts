import { agentCompactions, compareWithAgent, cutAtCompaction, neededFacts, type CompactionCut, type NeededFact, type RunResult, type TokenCounter, type VersusSide } from '../engine';
import { documentProfile, type ConfigDocument } from '../engine/config';
import { profileIds, type ProfileId } from '../engine/profiles/meta';
import { runCompaction } from '../lab/run-compaction';
import { forcedDocument, gateForcing } from '../lab/versus-force';
import { searchAgentSizing } from '../lab/versus-size-search';
import { describeSettings } from '../lab/versus-sizing';
import { loadTokenCounter } from '../ports/tokenizer/token-counter';
import { qualityFixtures, type FixtureSet, type QualityFixture } from './quality-fixtures';
import { qualityVariants, type QualityVariant } from './quality-sizing';
import { formatMs, formatTable, print, timeAsync } from './timing';

/** The issue's goal: at no more than this multiple of the agent's summary, the best profile keeps this share. */
const goal = { sizeMultiple: 2, retention: 0.75 };

/** One profile run measured at one cut. */
interface ProfileRow {
  profile: ProfileId;
  label: string;
  variant: QualityVariant;
  side?: VersusSide;
  forced?: string;
  /** The settings the sizing search chose (sized rows), in words. */
  settings?: string;
  failure?: string;
  durationMs: number;
}

/** What one compaction gave: the agent's retention and the best profile's within the size goal. */
interface CompactionScore {
  set: FixtureSet;
  agent: number;
  best?: { label: string; retention: number };
}

/**
 * Runs a config on the messages the agent held before its compaction, as `versus` does (the offline summarizer, the
 * config's budget counted exactly): as given first, and once more with the gate forced (the profile's `force` flag, or
 * its threshold at the lowest) when it made no pass there. A sized variant is searched as `versus --size-like-agent`
 * searches it (`searchAgentSizing`), and says the settings it chose.
 */
async function runAtCut(cut: CompactionCut, variant: QualityVariant, agentSummaryTokens: number, counter: TokenCounter): Promise<{ result: RunResult; forced?: string; settings?: string }> {
  const run = (config: ConfigDocument) => runCompaction(cut.before, { config }, () => {});
  const forcedRun = async (config: ConfigDocument): Promise<{ result: RunResult; forced?: string }> => {
    const result = await run(config);
    if (!result.success || result.passes.length > 0) return { result };
    const profile = documentProfile(config);
    const forcing = profile && gateForcing(profile);
    if (!forcing) return { result };
    return { result: await run(forcedDocument(config, forcing)), forced: forcing.description };
  };
  if (variant.sizing === 'defaults') return forcedRun(variant.config);
  const search = await searchAgentSizing(variant.config, agentSummaryTokens, counter, forcedRun);
  if (search === undefined) return forcedRun(variant.config);
  if ('failed' in search) return search.failed;
  return { ...search.chosen.ran, settings: `${describeSettings(search.chosen.settings)} (${search.tries} runs)` };
}

async function profileRows(cut: CompactionCut, needed: readonly NeededFact[], agentSummaryTokens: number, counter: TokenCounter): Promise<ProfileRow[]> {
  const rows: ProfileRow[] = [];
  for (const profile of profileIds) {
    for (const variant of qualityVariants(profile, agentSummaryTokens)) {
      const label = `${profile} (${variant.sizing})`;
      const { result: outcome, durationMs } = await timeAsync(() => runAtCut(cut, variant, agentSummaryTokens, counter));
      const { result, forced, settings } = outcome;
      if (!result.success) {
        rows.push({ profile, label, variant, durationMs, failure: `${result.error?.code ?? 'failed'}: ${result.error?.message ?? ''}`.slice(0, 100) });
        continue;
      }
      const context = result.passes[result.passes.length - 1]?.messages ?? cut.before.messages;
      const side = compareWithAgent({ cut, profileContext: context, count: counter, needed }).profile;
      rows.push({ profile, label, variant, side, durationMs, ...(forced ? { forced } : {}), ...(settings ? { settings } : {}) });
    }
  }
  return rows;
}

const share = (value: number): string => value.toFixed(2);
const tokens = (value: number): string => value.toLocaleString('en-US');

function sideCells(side: VersusSide, agentSummaryTokens: number): string[] {
  return [
    tokens(side.tokens),
    `${(side.tokens / agentSummaryTokens).toFixed(2)}×`,
    side.nothingNeeded ? '— (nothing needed)' : share(side.needRetention),
    `${side.kept}/${side.needed}`,
    `${side.nextActions.found}/${side.nextActions.total}`,
  ];
}

/** Measures every profile at one of the agent's compactions and prints its table and goal line. */
async function measureCompaction(fixture: QualityFixture, cut: CompactionCut, counter: TokenCounter): Promise<CompactionScore> {
  const needed = neededFacts(cut.compactedPart, cut.after);
  const agentReport = compareWithAgent({ cut, profileContext: cut.agentContext, count: counter, needed });
  const { agent, boundary } = agentReport;
  const summaryTokens = Math.max(1, boundary.agentSummaryTokens);
  const rows = await profileRows(cut, needed, summaryTokens, counter);
  const kind = cut.compaction.marker.kind;
  print();
  print(`${fixture.name} [${fixture.set}] — compaction ${boundary.index} (${kind}${cut.compaction.marker.trigger ? `, ${cut.compaction.marker.trigger}` : ''}) before message ${boundary.atMessage + 1}:`);
  print(`  ${cut.before.messages.length} messages before it (${cut.compactedPart.length} compacted), ${cut.after.length} after it; ${needed.length} facts of the compacted part used again after it; the agent's summary: ${tokens(boundary.agentSummaryTokens)} tokens.`);
  const table = [
    ["the agent's own summary", ...sideCells(agent, summaryTokens), '—', '—'],
    ...rows.map((row) => (row.side
      ? [row.label, ...sideCells(row.side, summaryTokens), row.forced ?? '—', formatMs(row.durationMs)]
      : [row.label, '—', '—', `failed (${row.failure ?? ''})`, '—', '—', '—', formatMs(row.durationMs)])),
  ];
  print(formatTable(['context', 'tokens', '× agent summary', 'need-weighted retention', 'kept/needed', 'next actions found', 'gate forced', 'run'], table));
  const sized = rows.filter((row) => row.variant.sizing === 'sized');
  if (sized.length > 0) print(`  sized: ${sized.map((row) => `${row.profile} {${row.settings ?? row.variant.settings}}`).join('; ')}`);
  const within = rows.filter((row) => row.side && !row.side.nothingNeeded && row.side.tokens <= goal.sizeMultiple * summaryTokens);
  const best = within.sort((left, right) => (right.side?.needRetention ?? 0) - (left.side?.needRetention ?? 0) || (left.side?.tokens ?? 0) - (right.side?.tokens ?? 0))[0];
  const bestText = best?.side ? `${best.label} ${share(best.side.needRetention)}` : `none (no profile run kept its context within ${goal.sizeMultiple}×)`;
  print(`  best profile at ≤ ${goal.sizeMultiple}× the agent's summary: ${bestText} (target ${goal.retention}; the agent's own: ${share(agent.needRetention)})`);
  return { set: fixture.set, agent: agent.needRetention, ...(best?.side ? { best: { label: best.label, retention: best.side.needRetention } } : {}) };
}

const mean = (values: readonly number[]): number => values.reduce((sum, value) => sum + value, 0) / values.length;

function printMeans(scores: readonly CompactionScore[], set: FixtureSet): void {
  const ofSet = scores.filter((score) => score.set === set);
  if (ofSet.length === 0) {
    print(`Mean over ${set} compactions: none yet — add real sessions holding an agent's compaction to e2e/fixtures/transcripts/${set === 'held-out' ? 'held-out/' : ''} (sources in its NOTICE.md).`);
    return;
  }
  const best = mean(ofSet.map((score) => score.best?.retention ?? 0));
  print(`Mean over ${ofSet.length} ${set} compaction${ofSet.length === 1 ? '' : 's'}: best profile at ≤ ${goal.sizeMultiple}× ${share(best)} (target ${goal.retention}; the agent's own: ${share(mean(ofSet.map((score) => score.agent)))}); a compaction with no profile within ${goal.sizeMultiple}× counts 0.`);
}

/**
 * Need-weighted retention against the agent's own compaction, on every real fixture that holds a readable one: cut
 * at each compaction, every profile run with the offline summarizer at its defaults and sized like the agent's summary,
 * both measured beside the agent's own summary (the yardstick, measured in the same process on the same cut). The goal
 * line per compaction and the means over the tuning and the held-out fixtures follow. A report, not a test.
 */
export async function runQualityBench(): Promise<void> {
  const counter = await loadTokenCounter('o200k_base');
  const fixtures = qualityFixtures();
  const scores: CompactionScore[] = [];
  print('Tokens are exact o200k_base counts of each compacted context\'s messages (the shared system prompt left out).');
  print('Need-weighted retention: of the compacted part\'s facts the agent used again after the boundary, the share the context holds.');
  print('Next actions: the agent\'s first tool calls after the boundary whose target (path, command, URL) is in the context.');
  for (const fixture of fixtures) {
    for (const compaction of agentCompactions(fixture.transcript).filter((candidate) => candidate.isReadable)) {
      const cut = cutAtCompaction(fixture.transcript, compaction);
      if (cut.after.length === 0) continue;
      scores.push(await measureCompaction(fixture, cut, counter));
    }
  }
  const without = fixtures.filter((fixture) => !agentCompactions(fixture.transcript).some((compaction) => compaction.isReadable));
  print();
  print(`Fixtures without a readable agent compaction (skipped): ${without.map((fixture) => fixture.name).join(', ') || 'none'}.`);
  printMeans(scores, 'tuning');
  printMeans(scores, 'development');
  printMeans(scores, 'held-out');
}
