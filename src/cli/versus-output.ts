import type { NeededFact, VersusReport, VersusSide } from '../engine';
import type { Transcript } from '../engine/transcript';
import type { LiveCallRecord } from '../providers/live/live-summarizer';
import type { compareAtCompaction } from '../lab/versus';
import type { PrintedFields } from './engine-fields';

/** A comparison that compared, as the lab answers it (its run and the transcript's compactions). */
type Compared = Extract<Extract<Awaited<ReturnType<typeof compareAtCompaction>>, { ok: true }>['value'], { compared: true }>;
type VersusRun = Compared['run'];
type VersusCompaction = Compared['compactions'][number];
type VersusSizing = NonNullable<VersusRun['sizing']>;

/** A needed fact a context lost (or holds only in an added message), with the messages (numbered from 1, as the app numbers them) where the agent used it. */
export type LostFactOutput = NeededFact & { usedAtMessages: number[] };

/** Which of the engine's side fields `versus --json` prints: every one decided, so a new one fails to compile here. */
interface SideFields {
  tokens: true;
  needRetention: true;
  needed: true;
  kept: true;
  nothingNeeded: true;
  byCategory: true;
  nextActions: true;
  lost: true;
  holds: true;
  keptFrom: true;
  keptOnlyByAdded: true;
  summaryOnly: true;
}

/** One side of `versus --json`: the engine's measures, each lost fact with its message numbers. */
export interface VersusSideOutput extends Omit<PrintedFields<VersusSide, SideFields>, 'lost' | 'keptOnlyByAdded'> {
  /** `tokens` ÷ the agent's summary tokens (`boundary.agentSummaryTokens`), 2 decimals; null when that summary counts 0. */
  tokensTimesAgent: number | null;
  lost: LostFactOutput[];
  /** Needed facts only a message added beside the summary holds (hook output, re-attached files), with their message numbers. */
  keptOnlyByAdded: LostFactOutput[];
}

/**
 * Which of the engine's report fields `versus --json` prints (`agent`, `profile` and `basis` in shapes of the CLI's
 * own, below): every one decided, so a new one fails to compile here.
 */
interface ReportFields {
  boundary: true;
  agent: true;
  profile: true;
  basis: true;
  redaction: true;
  addedNote: true;
}

/**
 * What `versus --json` prints. The fields (`boundary`, `agent`, `profile`) first; `basis` says what the
 * figures are and how the profile's side was made; `run` the profile's run; `compactions` every compaction the
 * transcript holds, for a later `--boundary N`. Field names are stable for scripts: add, never rename.
 */
export interface VersusOutput extends Omit<PrintedFields<VersusReport, ReportFields>, 'agent' | 'profile' | 'basis' | 'redaction'> {
  /** Set when the source redacted the text retention reads (then `agent`'s and `profile`'s retention and next actions measure nothing); null otherwise. */
  redaction: NonNullable<VersusReport['redaction']> | null;
  agent: VersusSideOutput;
  profile: VersusSideOutput;
  basis: VersusReport['basis'] & {
    /** The setting that forced the profile's gate (`force: true`, `tokenThreshold: 0`), or null when its own gate fired. */
    forcedGate: string | null;
    /** How the profile's side was made, in a sentence. */
    note: string;
    /** `like-agent` with `--size-like-agent` (the profile sized like the agent's summary), `as-configured` otherwise. */
    sizing: VersusSizing;
    /** The settings `--size-like-agent` set over the config, by their path in it; null as configured. */
    sizedSettings: Record<string, unknown> | null;
  };
  run: Omit<VersusRun, 'note' | 'forcedGate' | 'sizing' | 'sizedSettings'> & { summarizer: string };
  compactions: VersusCompaction[];
  /** Every live call the profile's run made (only with live providers). */
  calls?: LiveCallRecord[];
}

/** What the command hands the output: the transcript compared, the engine's report, the run and the summarizer's name. */
export interface VersusParts {
  transcript: Transcript;
  report: VersusReport;
  run: VersusRun;
  compactions: VersusCompaction[];
  summarizer: string;
  calls?: LiveCallRecord[];
}

/** `tokens` as a multiple of the agent's summary, to 2 decimals; null when the summary counts no tokens. */
const timesAgent = (tokens: number, agentSummaryTokens: number): number | null => (agentSummaryTokens > 0 ? Math.round((tokens / agentSummaryTokens) * 100) / 100 : null);

/**
 * A side with its tokens as a multiple of the agent's summary, and every lost fact's uses as message numbers of the
 * transcript (1-based), in the order the agent used it.
 */
function sideOutput(side: VersusSide, agentSummaryTokens: number, numberOf: ReadonlyMap<string, number>): VersusSideOutput {
  const { tokens, needRetention, needed, kept, nothingNeeded, byCategory, nextActions, holds, keptFrom, summaryOnly } = side;
  const numbered = (fact: NeededFact): LostFactOutput => ({ ...fact, usedAtMessages: fact.usedAt.flatMap((id) => numberOf.get(id) ?? []) });
  const lost = side.lost.map(numbered);
  return { tokens, tokensTimesAgent: timesAgent(tokens, agentSummaryTokens), needRetention, needed, kept, nothingNeeded, byCategory, nextActions, lost, holds, keptFrom, keptOnlyByAdded: side.keptOnlyByAdded.map(numbered), summaryOnly };
}

/** The `versus --json` object. */
export function versusOutput(parts: VersusParts): VersusOutput {
  const { transcript, report, run, compactions, summarizer, calls } = parts;
  const numberOf = new Map(transcript.messages.map((message, index) => [message.id, index + 1]));
  const { note, forcedGate, sizing, sizedSettings, ...ran } = run;
  const summaryTokens = report.boundary.agentSummaryTokens;
  return {
    boundary: report.boundary,
    agent: sideOutput(report.agent, summaryTokens, numberOf),
    profile: sideOutput(report.profile, summaryTokens, numberOf),
    basis: { ...report.basis, forcedGate: forcedGate ?? null, note, sizing: sizing ?? 'as-configured', sizedSettings: sizedSettings ?? null },
    run: { ...ran, summarizer },
    compactions,
    redaction: report.redaction ?? null,
    addedNote: report.addedNote,
    ...(calls ? { calls: calls.map((call) => ({ ...call, durationMs: Math.round(call.durationMs) })) } : {}),
  };
}
