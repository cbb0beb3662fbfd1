import { create } from 'zustand';
import { createJSONStorage, persist } from 'zustand/middleware';
import type { ExperimentConfig, ExperimentDefinition, ExperimentMode } from '../worker-client/experiment-protocol';
import { labClient } from '../worker-client/lab-client';
import { unwrap } from '../worker-client/reply';
import { withWorkspace } from '../workspace/page-workspace';
import { cellsFromRows, progressOf, rowsOf } from './experiment-cells';
import { draftProblem, definitionOfDraft, draftOfDefinition, emptyDraft, persistedDraft, restoredDraft, type ExperimentDraft } from './experiment-draft';
import { keepExperiment, listExperiments, openKeptExperiment, type ExperimentListing, type ExperimentRun } from './experiment-history';
import { judge, runExperiment, stopExperiment, type RunAccess } from './experiment-run';
import { decodeExperimentLink, experimentFile, experimentLink } from './experiment-share';
import type { ChosenTranscript } from './experiment-sources';

/** A shared definition waiting for the user: shown read-only until applied, as a config link is. */
interface DefinitionOffer {
  from: 'link' | 'file';
  /** The file's name, or "a shared link". */
  name: string;
  /** The definition, once read and checked; or why it cannot be used. */
  reading: { definition: ExperimentDefinition } | { error: string };
}

/** The Experiments view's state: the experiment being defined, the one shown (running or finished), a shared one offered, the history. */
export interface ExperimentState {
  draft: ExperimentDraft;
  current?: ExperimentRun;
  offer?: DefinitionOffer;
  history: ExperimentListing[];
  /** The last thing that went wrong, in words (a draft that cannot run, a file that cannot be read); the view shows it. */
  problem?: string;
  draftNamed(name: string): void;
  modeChosen(mode: ExperimentMode): void;
  /** Adds transcripts (one already chosen, by hash and run, is not added twice; one a shared definition lacks fills its place). */
  transcriptsAdded(chosen: ChosenTranscript[]): void;
  transcriptRemoved(index: number): void;
  /** Adds a config; a name already taken gets a number, so every cell names its config. */
  configAdded(config: ExperimentConfig): void;
  configRemoved(index: number): void;
  /** Checks an assertion as written and adds it in its canonical form, or says what is wrong with it. */
  assertionAdded(text: string): Promise<boolean>;
  assertionRemoved(index: number): void;
  /** Runs the draft's every config × transcript; resolves when it has ended. */
  start(): Promise<void>;
  /** Stops the running experiment: its workers end, its unfinished cells are cancelled. */
  cancel(): void;
  /** Opens an experiment's JSONL (`eval --jsonl` output, an export) as a finished experiment, kept in the workspace. */
  importJsonl(text: string, name: string): Promise<boolean>;
  /** The shown experiment as JSONL, the format of `eval --jsonl`. */
  exportJsonl(): Promise<string | undefined>;
  /** The shown experiment's definition (the draft's when none is shown) as a link, or why none can be made. */
  definitionLink(page: { origin: string; pathname: string }): { link: string } | { refused: 'secret' | 'too-long'; message: string };
  /** The same definition as a file. */
  definitionFile(): { fileName: string; text: string };
  /** Reads a shared definition (a link's `#experiment=…`, or a file's text) into a read-only offer. */
  definitionOffered(from: DefinitionOffer['from'], name: string, text: string): Promise<void>;
  offerDismissed(): void;
  /** Makes a definition the draft: its transcripts found in the workspace by hash, the others marked missing. */
  applyDefinition(definition: ExperimentDefinition): Promise<void>;
  refreshHistory(): Promise<void>;
  openExperiment(id: string): Promise<boolean>;
  renameExperiment(id: string, name: string): Promise<void>;
  deleteExperiment(id: string): Promise<void>;
}

const messageOf = (error: unknown): string => (error instanceof Error ? error.message : String(error));

/** The name `wanted`, or with a number when one of `taken` has it already. */
function freeName(wanted: string, taken: readonly string[]): string {
  if (!taken.includes(wanted)) return wanted;
  for (let number = 2; ; number++) if (!taken.includes(`${wanted} (${number})`)) return `${wanted} (${number})`;
}

/** Which transcript a choice is: its bytes' hash and its run. */
const identity = (chosen: ChosenTranscript): string => `${chosen.ref.sha256}:${chosen.ref.run ?? ''}`;

/**
 * The draft's transcripts with `added` (each once): a file with the hash of a shared definition's missing transcript
 * takes its place, keeping the definition's order; any other is added at the end.
 */
function withTranscripts(transcripts: readonly ChosenTranscript[], added: readonly ChosenTranscript[]): ChosenTranscript[] {
  const result = [...transcripts];
  for (const transcript of added) {
    let isPlaced = result.some((known) => identity(known) === identity(transcript) && known.source.kind !== 'missing');
    result.forEach((known, at) => {
      if (known.source.kind !== 'missing' || known.ref.sha256 !== transcript.ref.sha256) return;
      result[at] = { ref: known.ref, source: transcript.source };
      isPlaced = true;
    });
    if (!isPlaced) result.push(transcript);
  }
  return result;
}

/** The page's Experiments store; the draft persists in this browser, experiments in the workspace. */
export const useExperimentStore = create<ExperimentState>()(
  persist(
    (set, get) => {
      const access: RunAccess = {
        current: () => get().current,
        show: (run) => set({ current: run }),
        change: (id, change) => set((state) => (state.current?.id === id ? { current: change(state.current) } : {})),
        problem: (message) => set({ problem: message }),
      };
      const changeDraft = (change: (draft: ExperimentDraft) => Partial<ExperimentDraft>) => set((state) => ({ draft: { ...state.draft, ...change(state.draft) }, problem: undefined }));
      const shownDefinition = () => get().current?.definition ?? definitionOfDraft(get().draft);
      const refreshHistory = async (): Promise<void> => {
        set({ history: await listExperiments() });
      };
      return {
        draft: emptyDraft,
        history: [],
        draftNamed: (name) => changeDraft(() => ({ name })),
        modeChosen: (mode) => changeDraft(() => ({ mode })),
        transcriptsAdded: (chosen) => changeDraft((draft) => ({ transcripts: withTranscripts(draft.transcripts, chosen) })),
        transcriptRemoved: (index) => changeDraft((draft) => ({ transcripts: draft.transcripts.filter((_, at) => at !== index) })),
        configAdded: (config) => changeDraft((draft) => ({ configs: [...draft.configs, { ...config, name: freeName(config.name, draft.configs.map((known) => known.name)) }] })),
        configRemoved: (index) => changeDraft((draft) => ({ configs: draft.configs.filter((_, at) => at !== index) })),
        assertionAdded: async (text) => {
          const reading = unwrap(await labClient.checkAssertion(text));
          if ('error' in reading) {
            set({ problem: reading.error });
            return false;
          }
          changeDraft((draft) => ({ assertions: draft.assertions.includes(reading.text) ? draft.assertions : [...draft.assertions, reading.text] }));
          return true;
        },
        assertionRemoved: (index) => changeDraft((draft) => ({ assertions: draft.assertions.filter((_, at) => at !== index) })),
        start: async () => {
          const { draft } = get();
          const problem = draftProblem(draft);
          if (problem) {
            set({ problem });
            return;
          }
          set({ problem: undefined });
          const definition = definitionOfDraft(draft);
          const now = Date.now();
          await runExperiment(access, definition, draft.transcripts, { id: crypto.randomUUID(), name: draft.name.trim() || `Experiment of ${new Date(now).toLocaleString('en-GB')}`, now });
          await refreshHistory();
        },
        cancel: () => stopExperiment(),
        importJsonl: async (text, name) => {
          const reading = unwrap(await labClient.readExperimentJsonl(text));
          if ('error' in reading) {
            set({ problem: `${name} could not be opened as an experiment: ${reading.error}` });
            return false;
          }
          const cells = cellsFromRows(reading.definition, reading.rows);
          const now = Date.now();
          const run: ExperimentRun = {
            id: crypto.randomUUID(), name: reading.definition.name ?? name, definition: reading.definition, origin: 'import', status: 'finished', cells, progress: progressOf(cells), startedAt: now, finishedAt: now, skipped: reading.skipped,
          };
          stopExperiment();
          set({ current: run, problem: undefined });
          await judge(access, run.id);
          await keepExperiment(run, now);
          await refreshHistory();
          return true;
        },
        exportJsonl: async () => {
          const { current } = get();
          return current && unwrap(await labClient.writeExperimentJsonl(current.definition, rowsOf(current.cells)));
        },
        definitionLink: (page) => experimentLink(shownDefinition(), page),
        definitionFile: () => experimentFile(shownDefinition()),
        definitionOffered: async (from, name, text) => {
          let value: unknown;
          if (from === 'link') {
            const decoded = decodeExperimentLink(text);
            if ('error' in decoded) {
              set({ offer: { from, name, reading: decoded } });
              return;
            }
            value = decoded.value;
          } else {
            try {
              value = JSON.parse(text);
            } catch (error) {
              set({ offer: { from, name, reading: { error: `${name} is not JSON: ${messageOf(error)}` } } });
              return;
            }
          }
          set({ offer: { from, name, reading: unwrap(await labClient.readExperimentDefinition(value)) } });
        },
        offerDismissed: () => set({ offer: undefined }),
        applyDefinition: async (definition) => {
          const kept = (await withWorkspace((workspace) => workspace.listTranscripts())) ?? [];
          set({ draft: draftOfDefinition(definition, kept), offer: undefined, problem: undefined });
        },
        refreshHistory,
        openExperiment: async (id) => {
          const opened = await openKeptExperiment(id);
          if ('problem' in opened) {
            set({ problem: opened.problem });
            return false;
          }
          if (get().current?.status === 'running') stopExperiment();
          set({ current: opened, problem: undefined });
          await judge(access, id);
          return true;
        },
        renameExperiment: async (id, name) => {
          await withWorkspace((workspace) => workspace.rename('experiments', id, name), { isChange: true });
          set((state) => (state.current?.id === id ? { current: { ...state.current, name } } : {}));
          await refreshHistory();
        },
        deleteExperiment: async (id) => {
          if (get().current?.id === id) {
            if (get().current?.status === 'running') stopExperiment();
            set({ current: undefined });
          }
          await withWorkspace((workspace) => workspace.delete('experiments', id), { isChange: true });
          await refreshHistory();
        },
      };
    },
    {
      name: 'compaction-lab/experiment-draft',
      version: 1,
      storage: createJSONStorage(() => localStorage),
      partialize: (state) => ({ draft: persistedDraft(state.draft) }),
      // A stored draft is outside input (hand edits, older versions): only what reads as a draft is taken.
      merge: (persisted, current) => ({ ...current, draft: restoredDraft((persisted as { draft?: unknown } | undefined)?.draft) ?? current.draft }),
    },
  ),
);
