import { agentCompactions, compareWithAgent, cutAtCompaction, historyWipedWords, neededFacts, replacedNothingWords, type CompactionCut, type NeededFact, type RunResult, type TokenCounter, type VersusSide } from '../engine';
import type { ConfigDocument } from '../engine/config';
import { profileIds, type ProfileId } from '../engine/profiles/meta';
import { runCompaction } from '../lab/run-compaction';
import { runWithGateForced } from '../lab/versus-force';
import { searchAgentSizing } from '../lab/versus-size-search';
import { describeSettings } from '../lab/versus-sizing';
import type { FixtureSet, QualityFixture } from './quality-fixtures';
import { qualityVariants, type QualityVariant } from './quality-sizing';
import { timeAsync } from './timing';

/** A sized run that keeps more than this multiple of its target did not compact to size: it is broken. */
const brokenOverTarget = 1.5;

/** One profile run measured at one cut. */
export interface ProfileRow {
  profile: ProfileId;
  /** `unified (1×)`: the profile and its variant. */
  label: string;
  variant: QualityVariant;
  /** The sized run's target in exact tokens (the agent's summary × the variant's multiple). */
  targetTokens?: number;
  side?: VersusSide;
  forced?: string;
  /** The settings the sizing search chose (sized rows), in words. */
  settings?: string;
  failure?: string;
  /** Why the run is broken, in words: it failed, made no pass, replaced nothing, wiped the history or missed its size. */
  broken?: string;
  durationMs: number;
}

/** Every profile run at one of the agent's compactions, beside the agent's own side. */
export interface CompactionMeasure {
  fixture: string;
  set: FixtureSet;
  /** The compaction's 1-based ordinal in its transcript. */
  index: number;
  /** `compact_boundary, auto`: the marker's kind and trigger. */
  kind: string;
  /** Index of the first message after the boundary (1-based, as the report prints it). */
  beforeMessage: number;
  messagesBefore: number;
  compacted: number;
  after: number;
  needed: number;
  agentSummaryTokens: number;
  agent: VersusSide;
  rows: ProfileRow[];
}

/**
 * Runs a config on the messages the agent held before its compaction, as `versus` does (the offline summarizer, the
 * config's budget counted exactly): as given first, and once more with the gate forced (the profile's `force` flag, or
 * its threshold at the lowest) when it made no pass there. A sized variant is searched as `versus --size-like-agent`
 * searches it (`searchAgentSizing`) for its target, and says the settings it chose.
 */
async function runAtCut(cut: CompactionCut, variant: QualityVariant, targetTokens: number, counter: TokenCounter): Promise<{ result: RunResult; forced?: string; settings?: string }> {
  const forcedRun = async (document: ConfigDocument): Promise<{ result: RunResult; forced?: string }> => {
    const { result, forcing } = await runWithGateForced(document, (config) => runCompaction(cut.before, { config }, () => {}));
    return forcing ? { result, forced: forcing.description } : { result };
  };
  if (variant.targetMultiple === undefined) return forcedRun(variant.config);
  const search = await searchAgentSizing(variant.config, targetTokens, counter, forcedRun);
  if (search === undefined) return forcedRun(variant.config);
  if ('failed' in search) return search.failed;
  return { ...search.chosen.ran, settings: `${describeSettings(search.chosen.settings)} (${search.tries} runs)` };
}

const integer = (value: number): string => value.toLocaleString('en-US');

/** Why a run is broken, in words; undefined for a run that compacted (and, sized, landed within `brokenOverTarget` of its target). */
function brokenRun(result: RunResult, side: VersusSide | undefined, targetTokens: number | undefined): string | undefined {
  if (!result.success) return `failed: ${result.error?.code ?? 'failed'}`;
  if (result.passes.length === 0) return 'made no pass, even forced';
  if (replacedNothingWords(result)) return 'replaced nothing';
  const wiped = historyWipedWords(result);
  if (wiped) return `history wiped (kept ${integer(wiped.kept)} of ${integer(wiped.history)} tokens)`;
  if (side && targetTokens !== undefined && side.tokens > brokenOverTarget * targetTokens) {
    return `kept ${integer(side.tokens)} tokens, ${(side.tokens / targetTokens).toFixed(2)}× its target: did not compact to size`;
  }
  return undefined;
}

async function profileRows(cut: CompactionCut, needed: readonly NeededFact[], agentSummaryTokens: number, counter: TokenCounter): Promise<ProfileRow[]> {
  const rows: ProfileRow[] = [];
  for (const profile of profileIds) {
    for (const variant of qualityVariants(profile, agentSummaryTokens)) {
      const label = `${profile} (${variant.sizing})`;
      const targetTokens = variant.targetMultiple === undefined ? undefined : Math.max(1, Math.round(agentSummaryTokens * variant.targetMultiple));
      const { result: outcome, durationMs } = await timeAsync(() => runAtCut(cut, variant, targetTokens ?? agentSummaryTokens, counter));
      const { result, forced, settings } = outcome;
      const base = { profile, label, variant, durationMs, ...(targetTokens === undefined ? {} : { targetTokens }) };
      if (!result.success) {
        rows.push({ ...base, failure: `${result.error?.code ?? 'failed'}: ${result.error?.message ?? ''}`.slice(0, 100), broken: brokenRun(result, undefined, targetTokens) });
        continue;
      }
      const context = result.passes.at(-1)?.messages ?? cut.before.messages;
      const side = compareWithAgent({ cut, profileContext: context, count: counter, needed }).profile;
      const broken = brokenRun(result, side, targetTokens);
      rows.push({ ...base, side, ...(forced ? { forced } : {}), ...(settings ? { settings } : {}), ...(broken ? { broken } : {}) });
    }
  }
  return rows;
}

/** Measures every profile at one of the agent's compactions, beside the agent's own summary. */
async function measureCompaction(fixture: QualityFixture, cut: CompactionCut, counter: TokenCounter): Promise<CompactionMeasure> {
  const needed = neededFacts(cut.compactedPart, cut.after);
  const { agent, boundary } = compareWithAgent({ cut, profileContext: cut.agentContext, count: counter, needed });
  const summaryTokens = Math.max(1, boundary.agentSummaryTokens);
  const { marker } = cut.compaction;
  return {
    fixture: fixture.name,
    set: fixture.set,
    index: boundary.index,
    kind: `${marker.kind}${marker.trigger ? `, ${marker.trigger}` : ''}`,
    beforeMessage: boundary.atMessage + 1,
    messagesBefore: cut.before.messages.length,
    compacted: cut.compactedPart.length,
    after: cut.after.length,
    needed: needed.length,
    agentSummaryTokens: summaryTokens,
    agent,
    rows: await profileRows(cut, needed, summaryTokens, counter),
  };
}

/**
 * Every readable agent compaction of the fixtures with something after it, each measured: the agent's own side and
 * every profile at its defaults and sized at each multiple of the agent's summary. `onCompaction` sees each as it
 * is measured (the bench prints as it goes).
 */
export async function measureQuality(fixtures: readonly QualityFixture[], counter: TokenCounter, onCompaction: (measure: CompactionMeasure) => void = () => {}): Promise<CompactionMeasure[]> {
  const measures: CompactionMeasure[] = [];
  for (const fixture of fixtures) {
    for (const compaction of agentCompactions(fixture.transcript).filter((candidate) => candidate.isReadable)) {
      const cut = cutAtCompaction(fixture.transcript, compaction);
      if (cut.after.length === 0) continue;
      const measure = await measureCompaction(fixture, cut, counter);
      onCompaction(measure);
      measures.push(measure);
    }
  }
  return measures;
}
