import { create } from 'zustand';
import type { CompactionEvent, EncodingName, RunResult, SummarizerRole } from '../engine';
import type { ConfigDocument } from '../engine/config';
import type { Transcript } from '../engine/transcript';
import type { LiveCallRecord, ResultId } from '../worker-client/protocol';
import type { CompactAnswer } from '../worker-client/run-protocol';
import type { ReplayId } from '../worker-client/replay-protocol';
import type { RunStatus } from './run-status';

/**
 * A compaction of a session replay, opened as the shown run: its input context stands in for the transcript on screen
 * in every view that pairs with the run (see `useInspection`), while the session stays the transcript on screen.
 */
export interface OpenedContext {
  /** The context the compaction started from, as a transcript, and the worker's key for it. */
  transcript: Transcript;
  transcriptKey: string;
  /** The session transcript the replay ran on (the one on screen while this shows). */
  ofTranscriptKey: string;
  replayId: ReplayId;
  /** Which compaction of the replay (1-based), and the session message (0-based index) at which it happened. */
  ordinal: number;
  atMessage: number;
  profile: string;
  /** What is shown, in words: "Compaction 3 of the session replay (auto-compactor) — its input is the context at message 412". */
  label: string;
}

/**
 * A run that started from the context as the agent last held it: that context stands in for the transcript on screen
 * in every view that pairs with the run (see `useInspection`), while the whole file stays the transcript on screen.
 */
export interface StartedFrom {
  /** The context the run started from, as a transcript, and the worker's key for it. */
  transcript: Transcript;
  transcriptKey: string;
  /** The transcript on screen it was taken from. */
  ofTranscriptKey: string;
  /** What the run started from, in words, for the timeline. */
  label: string;
}

/** The compaction run shown in the side panel: events as they arrive, streamed text and result (its config is in the config store). */
export interface RunState {
  status: RunStatus;
  events: CompactionEvent[];
  /** The summary text of the attempt in flight, as it streams in. */
  streaming?: { role: SummarizerRole; text: string };
  /** The provider calls this run made, as they finished. */
  calls: LiveCallRecord[];
  result?: RunResult;
  /** The id the worker holds `result` by: breakdowns, retention and probes ask about this id. */
  resultId?: ResultId;
  /** A failure before or outside the engine (unreadable config, worker gone). */
  problem?: string;
  /** The config document the shown run used (its pinned lines, window and thresholds are read from it). */
  runConfig?: ConfigDocument;
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
  /** Set while the shown run is a compaction of a session replay rather than a run of the transcript on screen. */
  openedContext?: OpenedContext;
  /** Set while the shown run started from the context as the agent last held it rather than the whole file. */
  startedFrom?: StartedFrom;
  /**
   * The times (`startedAt`, `receivedAt`, `endedAt`: ms since the epoch) are the caller's clock, never read here.
   * `startedFrom` is the context the run starts from when it is not the whole transcript under `transcriptKey`.
   */
  runStarted(transcriptKey: string, config: ConfigDocument, encoding: EncodingName, startedAt: number, startedFrom?: StartedFrom): void;
  eventReceived(event: CompactionEvent, receivedAt: number): void;
  deltaReceived(text: string, role: SummarizerRole): void;
  callReceived(call: LiveCallRecord): void;
  runFinished(answer: CompactAnswer, endedAt: number): void;
  runRefused(problem: string, endedAt: number): void;
  /**
   * Shows a replayed compaction as the run: its result (held by `answer.resultId`), the config and encoding the replay
   * ran with, its last pass chosen, and its input context in `openedContext`. A new run or `runCleared` forgets it.
   */
  replayCompactionOpened(opened: OpenedContext, answer: CompactAnswer, config: ConfigDocument, encoding: EncodingName, openedAt: number): void;
  /** Forgets the shown run (its transcript is no longer the one on screen). */
  runCleared(): void;
  /** Chooses the pass to show, clamped to the passes there are. */
  passChosen(pass: number): void;
}

/** The page's run store (in memory only). */
export const useRunStore = create<RunState>()((set) => ({
  status: 'idle',
  events: [],
  calls: [],
  selectedPass: 0,
  runStarted: (transcriptKey, runConfig, runEncoding, startedAt, startedFrom) =>
    set({
      status: 'running', events: [], calls: [], streaming: undefined, result: undefined, resultId: undefined, problem: undefined, transcriptKey, runConfig, runEncoding, selectedPass: 0,
      startedAt, endedAt: undefined, attemptStartedAt: undefined, openedContext: undefined, startedFrom,
    }),
  eventReceived: (event, receivedAt) =>
    set((state) => ({
      events: [...state.events, event],
      // Each attempt streams its own text; a retry or fallback starts the preview afresh.
      streaming: event.type === 'attempt-start' ? undefined : state.streaming,
      attemptStartedAt: event.type === 'attempt-start' ? receivedAt : event.type === 'attempt-end' ? undefined : state.attemptStartedAt,
    })),
  deltaReceived: (text, role) =>
    set((state) => ({ streaming: { role, text: state.streaming?.role === role ? state.streaming.text + text : text } })),
  callReceived: (call) => set((state) => ({ calls: [...state.calls, call] })),
  runFinished: ({ result, resultId }, endedAt) =>
    set({ status: result.cancelled ? 'cancelled' : result.success ? 'done' : 'failed', result, resultId, selectedPass: result.passes.length, endedAt, attemptStartedAt: undefined }),
  runRefused: (problem, endedAt) => set({ status: 'failed', problem, endedAt, attemptStartedAt: undefined }),
  replayCompactionOpened: (openedContext, { result, resultId }, runConfig, runEncoding, openedAt) =>
    set({
      // The run store's transcript stays the session's, so the opened compaction shows only while the session is on screen.
      status: result.cancelled ? 'cancelled' : result.success ? 'done' : 'failed', events: [], calls: [], streaming: undefined, result, resultId, problem: undefined,
      transcriptKey: openedContext.ofTranscriptKey, runConfig, runEncoding, selectedPass: result.passes.length, startedAt: openedAt, endedAt: openedAt, attemptStartedAt: undefined, openedContext,
      startedFrom: undefined,
    }),
  runCleared: () =>
    set({ status: 'idle', events: [], calls: [], streaming: undefined, result: undefined, resultId: undefined, problem: undefined, transcriptKey: undefined, runConfig: undefined, runEncoding: undefined, selectedPass: 0, startedAt: undefined, endedAt: undefined, attemptStartedAt: undefined, openedContext: undefined, startedFrom: undefined }),
  passChosen: (pass) => set((state) => ({ selectedPass: Math.max(0, Math.min(pass, state.result?.passes.length ?? 0)) })),
}));
