import { agentCompactions, cutAtCompaction, importText, type Summarizer, type SummarizeRequest, type TokenCounter } from '../../engine';
import { configuredProfile, parseLabConfig } from '../../engine/headless';
import { listFixtureFiles, readFixture } from '../../engine/formats/fixture-files.test-support';
import { runProfile } from '../../engine/run/run-profile';
import { FakeClock } from '../../engine/run/fake-clock.test-support';
import type { Message, Transcript } from '../../engine/transcript';
import { createOfflineSummarizer } from './offline-summarizer';

/** The pinned lines the pinning profiles carry in these runs. */
export const pinnedLines = ['operative: always run the tests before committing', 'operative: never push to main without review'];

const pins = [{ name: 'house-rules', operative: pinnedLines, isRead: true }];

/**
 * Settings that make each profile summarize for real and send each kind of request it can: the Dart prompt with pins
 * (auto-compactor), the Dart prompt over observation-masked and microcompacted messages (unified), two-tier's LLM
 * strategy over a tier-1 masking (its tier 2) and over everything, and ADK's rolling summary.
 */
export const recordingConfigs: Record<string, Record<string, unknown>> = {
  'auto-compactor': { profile: 'auto-compactor', force: true, keepRecentTokens: 2000, estimator: 'exact', operativeSkills: pins },
  unified: {
    profile: 'unified', force: true, keepRecentTokens: 2000, estimator: 'exact', toolOutputMaxChars: 2000, observationMask: { enabled: true, keepLast: 6 },
    operativeSkills: pins,
  },
  'two-tier masked then llm': { profile: 'two-tier', tokenThreshold: 4000, hardLimitTokens: 6000, keepLast: 4 },
  'two-tier llm': { profile: 'two-tier', compactStrategy: 'llm', keepLast: 0 },
  'rolling-summary': { profile: 'rolling-summary', summariseAtTokens: 0, keepVerbatim: 0 },
};

/** One request a profile sent the offline summarizer, and the summary it got back. */
export interface RecordedCall {
  request: SummarizeRequest;
  summary: string;
}

/** A profile's run with the offline summarizer: every call, and the messages the run left. */
export interface RecordedRun {
  calls: RecordedCall[];
  messages: Message[];
}

/** Runs one config on a transcript with the offline summarizer (this budget, this counter), recording every call. */
export async function recordRun(transcript: Transcript, config: Record<string, unknown>, counter: TokenCounter, summaryMaxTokens?: number): Promise<RecordedRun> {
  const parsed = parseLabConfig(config);
  if ('issues' in parsed) throw new Error(JSON.stringify(parsed.issues));
  const offline = createOfflineSummarizer({ counter, ...(summaryMaxTokens === undefined ? {} : { summaryMaxTokens }) });
  const calls: RecordedCall[] = [];
  const recording: Summarizer = {
    ...offline,
    summarize: async (request) => {
      const answer = await offline.summarize(request);
      calls.push({ request, summary: answer.text });
      return answer;
    },
  };
  const { profile, parameters } = configuredProfile(parsed.config);
  const result = await runProfile(profile, {
    messages: transcript.messages,
    system: transcript.system,
    config: parameters,
    ports: { counter, clock: new FakeClock(), summarizers: { main: recording, smol: recording } },
    onEvent: () => undefined,
  });
  if (result.error) throw new Error(`${String(config.profile)}: ${result.error.message}`);
  return { calls, messages: result.messages };
}

/** The real Claude Code session that holds the agent's own compaction. */
const claudeCodeSession = 'claude-code__fa812bfe-b295-4cca-9c2f-fdf01028cb46.jsonl';

/** A fixture's first transcript. */
export function fixtureTranscript(name: string): Transcript {
  return importText(readFixture(name), { fileName: name }).transcripts[0];
}

/** The Claude Code session as the agent's context held it just before its own compaction. */
export function claudeCodeBeforeCompaction(): Transcript {
  const transcript = fixtureTranscript(claudeCodeSession);
  const [compaction] = agentCompactions(transcript);
  return cutAtCompaction(transcript, compaction).before;
}

/** Every real fixture (the hand-written ones are too small to summarize). */
export function realFixtureNames(): string[] {
  return listFixtureFiles().filter((name) => !name.startsWith('hand-written'));
}
