import { create } from 'zustand';
import { createJSONStorage, persist } from 'zustand/middleware';
import { encodingNames, type EncodingName } from '../engine';
import type { ImportResponse, TokenBatch, TokenSummary } from '../worker-client/transcript-protocol';

/** What is loaded and where loading stands. The imported data is never mutated: views derive from it. */
interface TranscriptSlice {
  loadStatus: 'idle' | 'loading' | 'ready' | 'error';
  loadingName?: string;
  loadError?: string;
  imported?: ImportResponse;
  /** Name the user knows the input by (file name, "pasted text", sample title). */
  sourceName?: string;
  transcriptIndex: number;
}

/** Exact token counts for the selected run, filled batch by batch from the worker. */
interface TokenSlice {
  tokenStatus: 'idle' | 'counting' | 'done' | 'error';
  tokenError?: string;
  /** Key of the run and encoding these counts belong to; batches for anything else are ignored. */
  countingKey?: string;
  exactCounts: (number | undefined)[];
  countedMessages: number;
  tokenSummary?: TokenSummary;
}

/** Which basis the page states token figures on: the encoding's exact counts, or calibrated to the source's model. */
export type TokenBasisChoice = 'encoding' | 'calibrated';

/** User preferences: the only part that persists. */
interface SettingsSlice {
  encoding: EncodingName;
  /** The one context window of the page: the header's, and the run's unless the user sets a different one for a run. */
  contextWindow: number;
  tokenBasis: TokenBasisChoice;
}

/** Transient view state. */
interface ViewSlice {
  searchQuery: string;
  /** Message the list should scroll to and highlight (set by tool-call links, search, keyboard). */
  focusedIndex?: number;
}

/** Every action the app performs on its state; each is a named event, not a field setter. */
interface Actions {
  loadStarted(name: string): void;
  loadSucceeded(name: string, response: ImportResponse): void;
  loadFailed(name: string, message: string): void;
  loadErrorDismissed(): void;
  /** What was opened is not a transcript but was taken elsewhere (a config, to preview): the page stays as it was. */
  loadSetAside(): void;
  transcriptSelected(index: number): void;
  countStarted(key: string): void;
  batchCounted(key: string, batch: TokenBatch): void;
  countFinished(key: string, summary: TokenSummary): void;
  countFailed(key: string, message: string): void;
  encodingChosen(encoding: EncodingName): void;
  contextWindowChosen(tokens: number): void;
  tokenBasisChosen(basis: TokenBasisChoice): void;
  searchChanged(query: string): void;
  messageFocused(index: number | undefined): void;
}

/** The whole store. */
export type LabState = TranscriptSlice & TokenSlice & SettingsSlice & ViewSlice & Actions;

const emptyCounts: Pick<TokenSlice, 'tokenStatus' | 'exactCounts' | 'countedMessages' | 'tokenSummary' | 'tokenError' | 'countingKey'> = {
  tokenStatus: 'idle',
  exactCounts: [],
  countedMessages: 0,
  tokenSummary: undefined,
  tokenError: undefined,
  countingKey: undefined,
};

/** Builds the key a count belongs to. */
export function countKey(transcriptKey: string, encoding: EncodingName): string {
  return `${transcriptKey}|${encoding}`;
}

/** The app's one store. Only settings persist (never transcripts, counts or keys). */
export const useLabStore = create<LabState>()(
  persist(
    (set) => ({
      loadStatus: 'idle',
      transcriptIndex: 0,
      ...emptyCounts,
      encoding: 'o200k_base',
      contextWindow: 200_000,
      tokenBasis: 'encoding',
      searchQuery: '',
      loadStarted: (name) => set({ loadStatus: 'loading', loadingName: name, loadError: undefined }),
      loadSucceeded: (name, response) =>
        set({ loadStatus: 'ready', imported: response, sourceName: name, transcriptIndex: 0, loadingName: undefined, focusedIndex: undefined, searchQuery: '', ...emptyCounts }),
      loadFailed: (name, message) => set({ loadStatus: 'error', loadError: message, loadingName: name }),
      loadErrorDismissed: () => set((state) => ({ loadStatus: state.imported ? 'ready' : 'idle', loadError: undefined })),
      loadSetAside: () => set((state) => ({ loadStatus: state.imported ? 'ready' : 'idle', loadError: undefined, loadingName: undefined })),
      transcriptSelected: (index) => set({ transcriptIndex: index, focusedIndex: undefined, ...emptyCounts }),
      countStarted: (key) => set({ ...emptyCounts, tokenStatus: 'counting', countingKey: key }),
      batchCounted: (key, batch) =>
        set((state) => {
          if (state.countingKey !== key) return {};
          const exactCounts = state.exactCounts.slice();
          batch.counts.forEach((count, offset) => {
            exactCounts[batch.startIndex + offset] = count;
          });
          return { exactCounts, countedMessages: batch.done };
        }),
      countFinished: (key, summary) =>
        set((state) => (state.countingKey === key ? { tokenStatus: 'done', tokenSummary: summary, exactCounts: summary.perMessage, countedMessages: summary.perMessage.length } : {})),
      countFailed: (key, message) => set((state) => (state.countingKey === key ? { tokenStatus: 'error', tokenError: message } : {})),
      encodingChosen: (encoding) => set({ encoding }),
      contextWindowChosen: (tokens) => set({ contextWindow: tokens }),
      tokenBasisChosen: (tokenBasis) => set({ tokenBasis }),
      searchChanged: (query) => set({ searchQuery: query }),
      messageFocused: (index) => set({ focusedIndex: index }),
    }),
    {
      name: 'compaction-lab/settings',
      version: 1,
      storage: createJSONStorage(() => localStorage),
      partialize: (state) => ({ encoding: state.encoding, contextWindow: state.contextWindow, tokenBasis: state.tokenBasis }),
      // Stored settings are outside input (hand edits, older versions): take only values this build understands.
      merge: (persisted, current) => {
        const stored = (persisted ?? {}) as Partial<SettingsSlice>;
        const encoding = stored.encoding && encodingNames.includes(stored.encoding) ? stored.encoding : current.encoding;
        const contextWindow = Number.isInteger(stored.contextWindow) && (stored.contextWindow ?? 0) > 0 ? (stored.contextWindow as number) : current.contextWindow;
        const tokenBasis = stored.tokenBasis === 'calibrated' ? 'calibrated' : current.tokenBasis;
        return { ...current, encoding, contextWindow, tokenBasis };
      },
    },
  ),
);
