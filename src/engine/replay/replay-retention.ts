import { isCompacted, measureRetention } from '../retention/measure-retention';
import { needWeightedRetention, neededFacts } from '../retention/need-weighted';
import type { Message, Transcript } from '../transcript/model';
import type { ReplayCompaction, ReplayReport, ReplayRetention } from './replay-model';
import { sessionMessages } from './session-messages';

/** The facts one compaction lost, and of those the session used again later, the share it kept. */
function compactionRetention(compaction: ReplayCompaction, transcript: Transcript, later: readonly Message[], pinnedLines: string[]): ReplayRetention {
  const { run, input } = compaction;
  const last = run.passes[run.passes.length - 1];
  if (!last) return { factsLost: 0, factsTotal: 0 };
  const source: Transcript = { ...transcript, messages: input, markers: [] };
  const passes = measureRetention(source, run, pinnedLines);
  const cumulative = passes[passes.length - 1]?.cumulative;
  const pinned = cumulative && cumulative.pinned.total > 0 ? { pinned: { total: cumulative.pinned.total, kept: cumulative.pinned.kept } } : {};
  const retention: ReplayRetention = { factsLost: cumulative ? cumulative.total - cumulative.kept : 0, factsTotal: cumulative?.total ?? 0, ...pinned };
  const outputIds = new Set(last.messages.map((message) => message.id));
  const compactedPart = input.filter((message) => isCompacted(last, message, outputIds));
  if (compactedPart.length === 0 || later.length === 0) return retention;
  const needed = neededFacts(compactedPart, later);
  if (needed.length === 0) return retention;
  const context = transcript.system ? [transcript.system, ...run.messages] : run.messages;
  const need = needWeightedRetention(needed, context);
  return { ...retention, needWeighted: { score: need.score, needed: need.needed, kept: need.kept } };
}

/**
 * Fills in every compaction's retention: the facts of what it compacted that its output no longer holds (the retention
 * metric, with the config's pinned lines), and — where the session goes on — of the facts the agent used again after
 * the compaction and up to the next one, the share its output still held (need-weighted, issue 16). Returns a new report; the input is unchanged.
 */
export function measureReplayRetention(report: ReplayReport, transcript: Transcript, pinnedLines: string[]): ReplayReport {
  const session = sessionMessages(transcript).messages;
  const compactions = report.compactions.map((compaction, position) => {
    // What the agent did until the next compaction (as the Vs agent view measures the agent's own): each later
    // message is searched for one compaction only, so the cost stays linear in the session.
    const until = report.compactions[position + 1]?.atMessage ?? Infinity;
    const later = session.filter(({ index }) => index > compaction.atMessage && index <= until).map(({ message }) => message);
    return { ...compaction, retention: compactionRetention(compaction, transcript, later, pinnedLines) };
  });
  return { ...report, compactions };
}
