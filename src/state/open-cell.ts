import { documentText } from '../engine/config';
import { useConfigStore } from './config-store';
import type { ExperimentCell } from './experiment-cells';
import type { ExperimentRun } from './experiment-history';
import { bytesByHash, bytesOfChosen } from './experiment-sources';
import { useExperimentStore } from './experiment-store';
import { parseConfig } from './parsed-config';
import { useLabStore } from './store';

/** Where a cell opens: the inspector (passes, Diff, Tokens, Retention) or the Session view. */
export type CellOpening = 'inspector' | 'session';

/** What the page lends to open a cell: its own ways to load a file, run, replay and bring a view forward (hooks the container holds). */
export interface PageActions {
  /** The page's import of a file, as if it were dropped (`useImport().importFile`). */
  openFile(file: File): Promise<void>;
  /** The run panel's run of the config on the transcript on screen (`useCompaction().start`). */
  compact(): Promise<void>;
  /** The Session view's replay of the session on screen (`useSessionReplay().start`). */
  replay(): Promise<void>;
  /** Brings the inspector or the Session view forward. */
  show(where: CellOpening): void;
}

/**
 * The bytes of a cell's transcript: the draft's choice of it (a sample, a file this visit, a workspace transcript) or
 * else the bytes read this visit or kept in the workspace, by hash; undefined when none of them has it.
 */
export async function cellBytes(cell: ExperimentCell): Promise<Uint8Array | undefined> {
  const { sha256 } = cell.transcript;
  const chosen = sha256 === '' ? undefined : useExperimentStore.getState().draft.transcripts.find((transcript) => transcript.ref.sha256 === sha256);
  if (chosen) {
    try {
      return await bytesOfChosen(chosen);
    } catch {
      // The draft's source is gone (a workspace transcript since deleted): the bytes may still be known by hash.
    }
  }
  return bytesByHash(sha256);
}

/**
 * Opens one cell of `run` on the page: its transcript (the same bytes, found by hash this visit or in the workspace)
 * loaded through the page's import, its run chosen for a file of several, its config applied to the run panel, and then
 * run again — a single compaction in the inspector, or a replay in the Session view. Resolves with the reason in words
 * when it cannot (the transcript is not on this page, the config has no document, the file did not load).
 */
export async function openCell(run: ExperimentRun, cell: ExperimentCell, where: CellOpening, page: PageActions): Promise<{ problem: string } | { opened: true }> {
  const config = run.definition.configs.find((candidate) => candidate.name === cell.config);
  if (!config?.document) return { problem: `The config ${cell.config} has no document here (it was read from eval output that names it only), so this cell cannot be run again.` };
  const bytes = await cellBytes(cell);
  if (!bytes) return { problem: `${cell.transcript.name} is not in this workspace${cell.transcript.sha256 === '' ? ' (the file named no hash)' : ''}: open the file once on this page, then open the cell again.` };
  const name = cell.transcript.name.split('/').at(-1) ?? cell.transcript.name;
  await page.openFile(new File([bytes as Uint8Array<ArrayBuffer>], name));
  const lab = useLabStore.getState();
  if (lab.loadStatus !== 'ready' || lab.sourceName !== name || !lab.imported) return { problem: `${name} did not open on the page${lab.loadError ? `: ${lab.loadError}` : ''}.` };
  if (cell.transcript.run !== undefined) {
    if (cell.transcript.run > lab.imported.transcripts.length) return { problem: `${name} holds ${lab.imported.transcripts.length} runs on this page, not a run ${cell.transcript.run}.` };
    lab.transcriptSelected(cell.transcript.run - 1);
  }
  const text = documentText(config.document);
  const configs = useConfigStore.getState();
  const { profile } = parseConfig(text);
  if (profile) configs.profileChosen(profile);
  configs.configEdited(text);
  page.show(where);
  await (where === 'inspector' ? page.compact() : page.replay());
  return { opened: true };
}
