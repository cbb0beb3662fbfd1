import { create } from 'zustand';
import type { CompactionEvent, RunResult } from '../engine/run/events';
import type { SummarizerRole } from '../engine/run/ports';
import type { LiveCallRecord } from '../worker-client/protocol';
import type { ProfileId } from '../engine/profiles/profile-catalog';

/** Where the current run stands. */
export type RunStatus = 'idle' | 'running' | 'done' | 'failed' | 'cancelled';

/** The compaction run shown in the side panel: its config text, events as they arrive, streamed text and result. */
export interface RunState {
  status: RunStatus;
  profile: ProfileId;
  /** The config document as the user edits it (JSON text); undefined means the profile's defaults for the window. */
  configText?: string;
  events: CompactionEvent[];
  /** The summary text of the attempt in flight, as it streams in. */
  streaming?: { role: SummarizerRole; text: string };
  /** The provider calls this run made, as they finished. */
  calls: LiveCallRecord[];
  result?: RunResult;
  /** A failure before or outside the engine (unreadable config, worker gone). */
  problem?: string;
  profileChosen(profile: ProfileId): void;
  configEdited(text: string | undefined): void;
  runStarted(): void;
  eventReceived(event: CompactionEvent): void;
  deltaReceived(text: string, role: SummarizerRole): void;
  callReceived(call: LiveCallRecord): void;
  runFinished(result: RunResult): void;
  runRefused(problem: string): void;
}

/** The page's run store (in memory only). */
export const useRunStore = create<RunState>()((set) => ({
  status: 'idle',
  profile: 'auto-compactor',
  events: [],
  calls: [],
  profileChosen: (profile) => set({ profile, configText: undefined }),
  configEdited: (configText) => set({ configText }),
  runStarted: () => set({ status: 'running', events: [], calls: [], streaming: undefined, result: undefined, problem: undefined }),
  eventReceived: (event) =>
    set((state) => ({
      events: [...state.events, event],
      // Each attempt streams its own text; a retry or fallback starts the preview afresh.
      streaming: event.type === 'attempt-start' ? undefined : state.streaming,
    })),
  deltaReceived: (text, role) =>
    set((state) => ({ streaming: { role, text: state.streaming?.role === role ? state.streaming.text + text : text } })),
  callReceived: (call) => set((state) => ({ calls: [...state.calls, call] })),
  runFinished: (result) => set({ status: result.cancelled ? 'cancelled' : result.success ? 'done' : 'failed', result }),
  runRefused: (problem) => set({ status: 'failed', problem }),
}));
