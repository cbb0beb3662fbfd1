import { create } from 'zustand';
import type { LiveCallRecord } from '../worker-client/protocol';
import type { ProbeStep } from '../worker-client/probe-protocol';
import type { ConnectionRequest } from '../worker-client/provider-protocol';

/** One request the worker made to a provider, as the network panel lists it. It has no field that could hold a key. */
export interface NetworkEntry {
  id: number;
  /** Wall-clock time the entry was recorded (ms since the epoch). */
  at: number;
  /** What the request was for: a compaction's summary, a probe step (issue 7), or a connection test's model list. */
  purpose: 'summary' | 'probe' | 'model list';
  host: string;
  model?: string;
  role?: string;
  status: number | null;
  ok: boolean;
  aborted: boolean;
  error?: string;
  durationMs: number;
  inputTokens?: number;
  outputTokens?: number;
  /** US dollars; null when unknown; undefined when the request has no cost (a model list). */
  costUsd?: number | null;
  hasKey: boolean;
}

/** The most entries kept; older ones scroll away so a long session cannot grow the page without bound. */
const maximumEntries = 500;

/** The network log, in memory only (never persisted). */
export interface NetworkState {
  entries: NetworkEntry[];
  /**
   * Records a finished provider call; probe calls name their step (write, answer, grade) in place of the rung. `at`
   * (here and in `listRequested`) is the caller's clock (ms since the epoch), never read here.
   */
  callRecorded(call: LiveCallRecord, at: number, probeStep?: ProbeStep): void;
  listRequested(request: ConnectionRequest, ok: boolean, at: number, error?: string): void;
  cleared(): void;
}

let nextId = 1;

function appended(entries: NetworkEntry[], entry: Omit<NetworkEntry, 'id'>): NetworkEntry[] {
  return [...entries.slice(-(maximumEntries - 1)), { ...entry, id: nextId++ }];
}

/** The page's network log store. */
export const useNetworkStore = create<NetworkState>()((set) => ({
  entries: [],
  callRecorded: (call, at, probeStep) =>
    set((state) => ({
      entries: appended(state.entries, {
        at, purpose: probeStep ? 'probe' : 'summary', host: call.host, model: call.model, role: probeStep ?? call.role, status: call.status, ok: call.ok, aborted: call.aborted,
        error: call.error, durationMs: call.durationMs, inputTokens: call.usage?.inputTokens, outputTokens: call.usage?.outputTokens,
        costUsd: call.costUsd, hasKey: call.hasKey,
      }),
    })),
  listRequested: (request, ok, at, error) =>
    set((state) => ({ entries: appended(state.entries, { at, purpose: 'model list', ...request, ok, aborted: false, error }) })),
  cleared: () => set({ entries: [] }),
}));
