import { useEffect, useState, type ReactNode } from 'react';
import type { ExperimentCell } from '../../state/experiment-cells';
import { draftProblem } from '../../state/experiment-draft';
import type { ExperimentRun } from '../../state/experiment-history';
import { experimentFragmentPrefix } from '../../state/experiment-share';
import { useExperimentStore } from '../../state/experiment-store';
import type { ExperimentDefinition } from '../../worker-client/experiment-protocol';
import { downloadText } from '../../ui/download';
import type { CellKey } from './experiment-view-types';
import { ExperimentsView } from './experiments-view';
import { cellOf, progressOfRun, resultsOfRun } from './results-of-run';
import { useDefinitionProps, type DefinitionSources } from './use-definition-props';

/** What the app gives the Experiments view: the definition's sources, and where a cell's run opens. */
export interface ExperimentsPageProps extends DefinitionSources {
  /** Opens a cell's run in the lab: its transcript loaded, its config applied, the inspector or the Session view shown. */
  onOpenCell(run: ExperimentRun, cell: ExperimentCell, where: 'inspector' | 'session'): void;
  /** Two cells' runs side by side (the Diff's two sides and metric table), drawn by the app. */
  comparison?(run: ExperimentRun, left: ExperimentCell, right: ExperimentCell): ReactNode;
}

/** A shared definition in words: its configs, assertions, transcripts (by name) and mode. */
function definitionWords(definition: ExperimentDefinition): string {
  const names = (list: readonly string[]) => (list.length === 0 ? 'none' : list.join(', '));
  return `${definition.configs.length} configs (${names(definition.configs.map((config) => config.name))}), ${definition.assertions.length} assertions (${names(definition.assertions)}), ${definition.transcripts.length} transcripts by name and hash (${names(definition.transcripts.map((transcript) => transcript.name))}), ${definition.mode === 'replay' ? 'whole-session replays' : 'single compactions'}`;
}

/** The Experiments view fed by the experiment store: the draft, the shown experiment, a shared one offered, the history. */
export function ExperimentsPage({ onOpenCell, comparison, ...sources }: ExperimentsPageProps) {
  const { draft, current, offer, history, problem } = useExperimentStore();
  const store = useExperimentStore.getState();
  const [comparePick, setComparePick] = useState<CellKey>();
  const [compared, setCompared] = useState<[CellKey, CellKey]>();
  const [shareNote, setShareNote] = useState<string>();
  const definition = useDefinitionProps(sources, offer !== undefined);

  useEffect(() => {
    void useExperimentStore.getState().refreshHistory();
    if (window.location.hash.startsWith(experimentFragmentPrefix)) void useExperimentStore.getState().definitionOffered('link', 'a shared link', window.location.href);
  }, []);

  const isRunning = current?.status === 'running';
  const openCell = (where: 'inspector' | 'session') => (key: CellKey) => {
    const cell = current && cellOf(current, key);
    if (current && cell) onOpenCell(current, cell, where);
  };
  const comparedCells = current && compared && [cellOf(current, compared[0]), cellOf(current, compared[1])];
  const shared = offer && {
    summary: 'definition' in offer.reading ? `${definitionWords(offer.reading.definition)} — from ${offer.name}` : `${offer.name} cannot be used: ${offer.reading.error}`,
    onApply: () => {
      if ('definition' in offer.reading) void store.applyDefinition(offer.reading.definition);
    },
    onDismiss: store.offerDismissed,
  };
  return (
    <ExperimentsView
      toolbar={{
        onImport: (file) => void file.text().then((text) => store.importJsonl(text, file.name)),
        importError: problem ?? definition.problem,
        nothingToExportBecause: current || draft.configs.length > 0 ? undefined : 'Nothing to export yet: define or open an experiment first.',
        onExport: () =>
          void store.exportJsonl().then((text) => {
            if (text !== undefined) downloadText(`${current?.name ?? 'experiment'}.jsonl`, text, 'application/x-ndjson');
          }),
        onShareLink: () => {
          const made = store.definitionLink(window.location);
          if ('refused' in made) return setShareNote(made.message);
          void navigator.clipboard?.writeText(made.link).then(
            () => setShareNote('Link copied: it carries the configs, assertions and the transcripts’ names and hashes, never their text.'),
            () => setShareNote(`Copy this link: ${made.link}`),
          );
        },
        onShareFile: () => {
          const file = store.definitionFile();
          downloadText(file.fileName, file.text);
        },
        shareNote,
        history: {
          entries: history.map((entry) => ({
            id: entry.id,
            name: entry.name,
            createdAt: new Date(entry.createdAt).toISOString(),
            summary: `${entry.configs} configs × ${entry.transcripts} transcripts · ${entry.origin === 'import' ? 'imported' : entry.status}`,
            isOpen: entry.id === current?.id,
          })),
          onOpen: (id) => void store.openExperiment(id),
          onRename: (id, name) => void store.renameExperiment(id, name),
          onDelete: (id) => void store.deleteExperiment(id),
        },
      }}
      shared={shared}
      definition={definition}
      run={{ cannotRunBecause: draftProblem(draft), isRunning, progress: current && progressOfRun(current), onRun: () => void store.start(), onCancel: store.cancel }}
      results={current && resultsOfRun(current)}
      cells={{
        comparePick,
        onComparePick: setComparePick,
        onCompare: (left, right) => {
          setComparePick(undefined);
          setCompared([left, right]);
        },
        onOpenInInspector: openCell('inspector'),
        onOpenInSession: openCell('session'),
      }}
      comparison={current && comparedCells?.[0] && comparedCells[1] && comparison?.(current, comparedCells[0], comparedCells[1])}
    />
  );
}
