import { create } from 'zustand';
import type { EncodingName, EngineErrorCode, ReplayCost } from '../../engine';
import type { ConfigDocument } from '../../engine/config';
import type { PriceOverrides } from '../../providers/prices/overrides';
import type { ReplayId, ReplayOutcome, ReplayProgress, ReplayView } from '../../worker-client/replay-protocol';
import type { SessionAxis } from './session-series';

/** Which of the session tab's two policies: A is the run panel's config, B the config compared with it. */
export type PolicyId = 'a' | 'b';

/** Where one policy's replay stands. */
export interface PolicyReplay {
  status: 'running' | 'done' | 'failed';
  progress?: ReplayProgress;
  replayId?: ReplayId;
  report?: ReplayView;
  /** What the agent and this policy cost with prompt caching (issue 28); absent while running or when unpriced. */
  cost?: ReplayCost;
  /** Why a finished replay has no cost, in words. */
  costProblem?: string;
  /** Why the replay could not run, in words. */
  problem?: string;
  /** The replay was refused for settings that cannot work: the tab offers to replay anyway. */
  isImpossible?: boolean;
  /** Summarized offline (no live providers): its cost is "$0 (offline)". */
  isOffline: boolean;
  /** The config document replayed (its limits draw the chart's lines). */
  config: ConfigDocument;
  /** The user's price overrides the replay was priced with (a change since makes its cost stale). */
  prices: PriceOverrides;
}

/** The session tab's replays: kept here, not in the view, so they survive a switch to another tab and back. */
interface SessionState {
  /** The transcript and encoding the shown replays belong to. */
  transcriptKey?: string;
  encoding?: EncodingName;
  replays: Partial<Record<PolicyId, PolicyReplay>>;
  /** "Compare with…" is on: the next replay also runs policy B. */
  isComparing: boolean;
  axis: SessionAxis;
  /** A problem before any replay ran (an unreadable config, a summarizer without a key), in words. */
  refusal?: string;
  /** A compaction could not be opened, in words. */
  openProblem?: string;
  /** Policy B's text as it was when the user switched B away from each profile: switching back brings it back. */
  policyBTexts: Partial<Record<string, string>>;
  /**
   * The replays of a start (one per policy) began, replacing those shown. The actions below are for these replays only:
   * the caller lands no answer of a start a newer one superseded (`latest()` in `use-session-replay.ts`).
   */
  replaysStarted(transcriptKey: string, encoding: EncodingName, configs: Partial<Record<PolicyId, ConfigDocument>>, isOffline: boolean, prices: PriceOverrides): void;
  progressed(policy: PolicyId, progress: ReplayProgress): void;
  finished(policy: PolicyId, outcome: ReplayOutcome): void;
  /** A replay refused or failed: `problem` in words, `code` the worker's refusal when it gave one. */
  failed(policy: PolicyId, problem: string, code?: EngineErrorCode): void;
  refused(problem: string): void;
  comparingChosen(isComparing: boolean): void;
  axisChosen(axis: SessionAxis): void;
  openFailed(problem: string | undefined): void;
  /** B was switched away from `profile` while its config read `text`. */
  policyBSetAside(profile: string, text: string): void;
}

/** The session tab's store (in memory only). */
export const useSessionStore = create<SessionState>()((set) => ({
  replays: {},
  isComparing: false,
  axis: 'message',
  policyBTexts: {},
  policyBSetAside: (profile, text) => set((state) => ({ policyBTexts: { ...state.policyBTexts, [profile]: text } })),
  replaysStarted: (transcriptKey, encoding, configs, isOffline, prices) => {
    const replays: Partial<Record<PolicyId, PolicyReplay>> = {};
    for (const [policy, config] of Object.entries(configs)) replays[policy as PolicyId] = { status: 'running', isOffline, config, prices };
    set({ transcriptKey, encoding, replays, refusal: undefined, openProblem: undefined });
  },
  progressed: (policy, progress) =>
    set((state) => {
      const replay = state.replays[policy];
      return replay ? { replays: { ...state.replays, [policy]: { ...replay, progress } } } : {};
    }),
  finished: (policy, outcome) =>
    set((state) => {
      const replay = state.replays[policy];
      return replay ? { replays: { ...state.replays, [policy]: { ...replay, status: 'done', replayId: outcome.replayId, report: outcome.report, cost: outcome.cost, costProblem: outcome.costProblem } } } : {};
    }),
  failed: (policy, problem, code) =>
    set((state) => {
      const replay = state.replays[policy];
      const failed: PolicyReplay | undefined = replay && { ...replay, status: 'failed', problem, ...(code === 'impossible-settings' ? { isImpossible: true } : {}) };
      return failed ? { replays: { ...state.replays, [policy]: failed } } : {};
    }),
  refused: (problem) => set({ refusal: problem }),
  comparingChosen: (isComparing) => set({ isComparing }),
  axisChosen: (axis) => set({ axis }),
  openFailed: (problem) => set({ openProblem: problem }),
}));
