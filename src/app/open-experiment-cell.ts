import { documentText } from '../engine/config';
import { useConfigStore } from '../state/config-store';
import type { ExperimentCell } from '../state/experiment-cells';
import type { ExperimentRun } from '../state/experiment-history';
import { bytesOfChosen } from '../state/experiment-sources';
import { useExperimentStore } from '../state/experiment-store';
import { useLabStore } from '../state/store';
import { withWorkspace } from '../workspace/page-workspace';

/** The bytes of a cell's transcript: the draft's choice of it (a sample, a file this visit) or the workspace's copy, by hash. */
export async function cellBytes(cell: ExperimentCell): Promise<Uint8Array> {
  const chosen = useExperimentStore.getState().draft.transcripts.find((transcript) => transcript.ref.sha256 === cell.transcript.sha256);
  if (chosen) return bytesOfChosen(chosen);
  const kept = cell.transcript.sha256 === '' ? undefined : await withWorkspace((workspace) => workspace.transcriptBytes(cell.transcript.sha256));
  if (kept) return kept;
  throw new Error(`${cell.transcript.name} is not on this page: add it to the workspace (drop the file) to open this cell`);
}

/**
 * Puts a cell's run on the lab's page: its transcript loaded (its run chosen, for a file of several) and its config
 * applied as the run panel's. Resolves to what went wrong, in words, when it could not.
 */
export async function loadExperimentCell(run: ExperimentRun, cell: ExperimentCell, importFile: (file: File) => Promise<void>): Promise<string | undefined> {
  const config = run.definition.configs.find((candidate) => candidate.name === cell.config);
  if (!config?.document) return `${cell.config} has no config document (read from eval output that names it only), so its run cannot be opened`;
  try {
    const bytes = await cellBytes(cell);
    await importFile(new File([bytes as Uint8Array<ArrayBuffer>], cell.transcript.name));
  } catch (error) {
    return error instanceof Error ? error.message : String(error);
  }
  const lab = useLabStore.getState();
  if (!lab.imported) return `${cell.transcript.name} could not be imported`;
  if (cell.transcript.run !== undefined) lab.transcriptSelected(cell.transcript.run - 1);
  useConfigStore.getState().configEdited(documentText(config.document));
  return undefined;
}
