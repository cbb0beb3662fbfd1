import { create } from 'zustand';
import type { AbRun, CompactionEvent, EncodingName } from '../../engine';
import type { ConfigDocument } from '../../engine/config';
import type { RunStatus } from '../../state/run-status';

/** The two variants: A is the Compaction panel's config and summarizer, B the copy the user edits. */
export type AbVariantId = 'a' | 'b';

/** One run of a variant as recorded: what the comparison reads, plus its attempts (to match its calls to its passes). */
export interface AbRecordedRun extends AbRun {
  /** The run's `attempt-start` events, in order. */
  attempts: readonly CompactionEvent[];
}

/** A variant as it was run: its config document, how it was summarized, and its runs so far. */
export interface AbVariantResult {
  config: ConfigDocument;
  summarizer: string;
  runs: AbRecordedRun[];
}

/** The fewest and most repeats per variant the panel offers. */
export const repeatLimits = { min: 1, max: 10 } as const;

/** The A/B panel's state, kept apart from the Compaction panel's shown run (B's config is in the config store). */
export interface AbState {
  /** Variant B's own model ids; empty means the same model as A's rung. */
  bModels: { main: string; smol: string };
  repeats: number;
  status: RunStatus;
  problem?: string;
  /** The run in flight: which variant, and which repeat of how many. */
  progress?: { variant: AbVariantId; run: number; of: number };
  /** The transcript the results belong to (`ImportResponse.transcriptKeys`). */
  transcriptKey?: string;
  /** The encoding the runs counted their states in (the page's when the series started). */
  encoding?: EncodingName;
  results: Partial<Record<AbVariantId, AbVariantResult>>;
  /** Column order: the first is the baseline the deltas are measured from. */
  order: [AbVariantId, AbVariantId];
  onlyDifferences: boolean;
  bModelEdited(rung: 'main' | 'smol', model: string): void;
  repeatsChosen(repeats: number): void;
  abStarted(transcriptKey: string, encoding: EncodingName): void;
  variantStarted(variant: AbVariantId, config: ConfigDocument, summarizer: string): void;
  progressed(variant: AbVariantId, run: number, of: number): void;
  runRecorded(variant: AbVariantId, run: AbRecordedRun): void;
  abEnded(status: Exclude<RunStatus, 'idle' | 'running'>, problem?: string): void;
  swapped(): void;
  onlyDifferencesChosen(only: boolean): void;
}

/** Clamps a repeat count to the panel's range (a typed 0 or 99 must not start a runaway series). */
export function clampRepeats(value: number): number {
  if (!Number.isFinite(value)) return repeatLimits.min;
  return Math.max(repeatLimits.min, Math.min(repeatLimits.max, Math.round(value)));
}

/** The A/B store (in memory only). */
export const useAbStore = create<AbState>()((set) => ({
  bModels: { main: '', smol: '' },
  repeats: 1,
  status: 'idle',
  results: {},
  order: ['a', 'b'],
  onlyDifferences: false,
  bModelEdited: (rung, model) => set((state) => ({ bModels: { ...state.bModels, [rung]: model } })),
  repeatsChosen: (repeats) => set({ repeats: clampRepeats(repeats) }),
  abStarted: (transcriptKey, encoding) => set({ status: 'running', problem: undefined, progress: undefined, transcriptKey, encoding, results: {} }),
  variantStarted: (variant, config, summarizer) => set((state) => ({ results: { ...state.results, [variant]: { config, summarizer, runs: [] } } })),
  progressed: (variant, run, of) => set({ progress: { variant, run, of } }),
  runRecorded: (variant, run) =>
    set((state) => {
      const current = state.results[variant];
      return current ? { results: { ...state.results, [variant]: { ...current, runs: [...current.runs, run] } } } : {};
    }),
  abEnded: (status, problem) => set({ status, problem, progress: undefined }),
  swapped: () => set((state) => ({ order: [state.order[1], state.order[0]] })),
  onlyDifferencesChosen: (onlyDifferences) => set({ onlyDifferences }),
}));
