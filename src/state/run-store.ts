import { create } from 'zustand';
import type { CompactionEvent, RunResult } from '../engine/run/events';
import type { SummarizerRole } from '../engine/run/ports';
import type { LiveCallRecord } from '../worker-client/protocol';
import type { ProfileId } from '../engine/profiles/profile-catalog';
import type { EncodingName } from '../engine/tokens/token-counter';

/** Where the current run stands. */
export type RunStatus = 'idle' | 'running' | 'done' | 'failed' | 'cancelled';

/** The compaction run shown in the side panel: its config text, events as they arrive, streamed text and result. */
export interface RunState {
  status: RunStatus;
  profile: ProfileId;
  /** The config document as the user edits it (JSON text); undefined means the profile's defaults for the window. */
  configText?: string;
  /**
   * True when the user chose a different window for this run than the page's; otherwise the config's window and the
   * page's context window are one setting (see `useWindowLink`).
   */
  hasOwnWindow: boolean;
  events: CompactionEvent[];
  /** The summary text of the attempt in flight, as it streams in. */
  streaming?: { role: SummarizerRole; text: string };
  /** The provider calls this run made, as they finished. */
  calls: LiveCallRecord[];
  result?: RunResult;
  /** A failure before or outside the engine (unreadable config, worker gone). */
  problem?: string;
  /** The config document the shown run used (its pinned lines, window and thresholds are read from it). */
  runConfig?: unknown;
  /** The run this result belongs to (`ImportResponse.transcriptKeys`), so views never pair a result with another transcript. */
  transcriptKey?: string;
  /** The encoding the run counted its states in (the page's when it started). */
  runEncoding?: EncodingName;
  /** Wall-clock times (ms since the epoch) for progress: when the run started and ended, when the attempt in flight began. */
  startedAt?: number;
  endedAt?: number;
  attemptStartedAt?: number;
  /** The pass every view shows: 0 is the original, k the state after pass k. */
  selectedPass: number;
  profileChosen(profile: ProfileId): void;
  configEdited(text: string | undefined): void;
  ownWindowChosen(hasOwnWindow: boolean): void;
  runStarted(transcriptKey: string, config: unknown, encoding: EncodingName): void;
  eventReceived(event: CompactionEvent): void;
  deltaReceived(text: string, role: SummarizerRole): void;
  callReceived(call: LiveCallRecord): void;
  runFinished(result: RunResult): void;
  runRefused(problem: string): void;
  /** Forgets the shown run (its transcript is no longer the one on screen). */
  runCleared(): void;
  /** Chooses the pass to show, clamped to the passes there are. */
  passChosen(pass: number): void;
}

/** The page's run store (in memory only). */
export const useRunStore = create<RunState>()((set) => ({
  status: 'idle',
  profile: 'auto-compactor',
  events: [],
  calls: [],
  selectedPass: 0,
  hasOwnWindow: false,
  profileChosen: (profile) => set({ profile, configText: undefined }),
  configEdited: (configText) => set({ configText }),
  ownWindowChosen: (hasOwnWindow) => set({ hasOwnWindow }),
  runStarted: (transcriptKey, runConfig, runEncoding) =>
    set({
      status: 'running', events: [], calls: [], streaming: undefined, result: undefined, problem: undefined, transcriptKey, runConfig, runEncoding, selectedPass: 0,
      startedAt: Date.now(), endedAt: undefined, attemptStartedAt: undefined,
    }),
  eventReceived: (event) =>
    set((state) => ({
      events: [...state.events, event],
      // Each attempt streams its own text; a retry or fallback starts the preview afresh.
      streaming: event.type === 'attempt-start' ? undefined : state.streaming,
      attemptStartedAt: event.type === 'attempt-start' ? Date.now() : event.type === 'attempt-end' ? undefined : state.attemptStartedAt,
    })),
  deltaReceived: (text, role) =>
    set((state) => ({ streaming: { role, text: state.streaming?.role === role ? state.streaming.text + text : text } })),
  callReceived: (call) => set((state) => ({ calls: [...state.calls, call] })),
  runFinished: (result) =>
    set({ status: result.cancelled ? 'cancelled' : result.success ? 'done' : 'failed', result, selectedPass: result.passes.length, endedAt: Date.now(), attemptStartedAt: undefined }),
  runRefused: (problem) => set({ status: 'failed', problem, endedAt: Date.now(), attemptStartedAt: undefined }),
  runCleared: () =>
    set({ status: 'idle', events: [], calls: [], streaming: undefined, result: undefined, problem: undefined, transcriptKey: undefined, runConfig: undefined, runEncoding: undefined, selectedPass: 0, startedAt: undefined, endedAt: undefined, attemptStartedAt: undefined }),
  passChosen: (pass) => set((state) => ({ selectedPass: Math.max(0, Math.min(pass, state.result?.passes.length ?? 0)) })),
}));
