import { useMemo } from 'react';
import { useShallow } from 'zustand/react/shallow';
import { transcriptStats, type Transcript, type TranscriptStats } from '../engine/transcript';
import { contextBasis, type ContextBasis, type UsageFit } from '../engine';
import type { LastHeldCount } from '../worker-client/transcript-protocol';
import { useLabStore, type LabState } from './store';

/** The run the user is looking at, or undefined before anything loads. */
export function useSelectedTranscript(): Transcript | undefined {
  return useLabStore((state) => state.imported?.transcripts[state.transcriptIndex]);
}

/** The worker's key for the selected run. */
export function useSelectedTranscriptKey(): string | undefined {
  return useLabStore((state) => state.imported?.transcriptKeys[state.transcriptIndex]);
}

/** Stats of the selected run (roles, tool pairs, markers), computed once per run. */
export function useRunStats(): TranscriptStats | undefined {
  const run = useSelectedTranscript();
  return useMemo(() => (run ? transcriptStats(run) : undefined), [run]);
}

/** Per-message token count: exact where counted, the instant estimate elsewhere. */
export interface MessageTokens {
  tokenCount: number;
  isExact: boolean;
}

function messageTokens(state: LabState, index: number): MessageTokens {
  const exact = state.exactCounts[index];
  if (exact !== undefined) return { tokenCount: exact, isExact: true };
  return { tokenCount: state.imported?.estimates[state.transcriptIndex]?.[index] ?? 0, isExact: false };
}

/** Token count of one message, re-rendering only when that message's count changes. */
export function useMessageTokens(index: number): MessageTokens {
  return useLabStore(useShallow((state) => messageTokens(state, index)));
}

/** The whole run's token total: exact when counting finished, else exact-so-far plus estimates for the rest. */
export interface TotalTokens {
  tokenCount: number;
  isExact: boolean;
  countedMessages: number;
  totalMessages: number;
}

/** Total tokens of the selected run, system prompt included. */
export function useTotalTokens(): TotalTokens {
  return useLabStore(
    useShallow((state) => {
      const estimates = state.imported?.estimates[state.transcriptIndex] ?? [];
      const summary = state.tokenSummary;
      if (state.tokenStatus === 'done' && summary && summary.encoding === state.encoding && summary.transcriptKey === state.imported?.transcriptKeys[state.transcriptIndex]) {
        return { tokenCount: summary.total, isExact: true, countedMessages: estimates.length, totalMessages: estimates.length };
      }
      let tokenCount = state.imported?.systemEstimates[state.transcriptIndex] ?? 0;
      for (let index = 0; index < estimates.length; index += 1) tokenCount += state.exactCounts[index] ?? estimates[index];
      return { tokenCount, isExact: false, countedMessages: state.countedMessages, totalMessages: estimates.length };
    }),
  );
}

/** The finished exact count of the shown run in the page's encoding, or undefined while it is counting. */
function finishedSummary(state: LabState) {
  const summary = state.tokenSummary;
  const isShown = state.tokenStatus === 'done' && summary !== undefined && summary.encoding === state.encoding && summary.transcriptKey === state.imported?.transcriptKeys[state.transcriptIndex];
  return isShown ? summary : undefined;
}

/** What the shown run's logged usage says against the exact counts: overhead and calibration (undefined while counting). */
export function useUsageFit(): UsageFit | undefined {
  return useLabStore((state) => finishedSummary(state)?.usage);
}

/** The exact count of the context the agent last held, beside the whole file's (undefined while counting, or when it never compacted). */
export function useLastHeldCount(): LastHeldCount | undefined {
  return useLabStore((state) => finishedSummary(state)?.lastHeld);
}

/**
 * The basis every token figure on the page is stated on: the page's encoding with the unstored overhead, or the
 * calibration to the source's model when the user chose it and the source allows it. The overhead is 0 until the
 * exact count (which fits it) finishes.
 */
export function useContextBasis(): ContextBasis {
  return useLabStore(useShallow((state) => contextBasis(state.encoding, finishedSummary(state)?.usage, state.tokenBasis === 'calibrated')));
}
