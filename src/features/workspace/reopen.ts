import { useConfigStore } from '../../state/config-store';
import { parseConfig } from '../../state/parsed-config';
import { useLabStore } from '../../state/store';
import { usePageWorkspace, withWorkspace } from '../../workspace/page-workspace';
import type { RunRecord, TranscriptRecord } from '../../workspace/workspace-schema';

/** The page's way in for a file (`useImport().importFile`): the workspace reopens through it, as if the file were dropped. */
export type OpenFile = (file: File) => Promise<void>;

/** Puts a config's text into the run panel (its profile first, as a shared config is applied); nothing runs. */
export function applyConfigText(text: string): void {
  const store = useConfigStore.getState();
  const { profile } = parseConfig(text);
  if (profile) store.profileChosen(profile);
  store.configEdited(text);
}

/**
 * Opens a kept transcript from its original bytes through the page's own import (the workspace then marks it opened);
 * whether it is on screen afterwards.
 */
export async function openKeptTranscript(record: TranscriptRecord, openFile: OpenFile): Promise<boolean> {
  const bytes = await withWorkspace((workspace) => workspace.transcriptBytes(record.id));
  if (!bytes) return false;
  await openFile(new File([bytes as Uint8Array<ArrayBuffer>], record.name));
  const { loadStatus, sourceName } = useLabStore.getState();
  if (loadStatus !== 'ready' || sourceName !== record.name) return false;
  // The import keeps the bytes again in the background (the same record); the page knows it is on screen now.
  usePageWorkspace.setState({ currentTranscriptId: record.id });
  return true;
}

/** Shows a run's settings again: the file's transcript it ran on and its config (the run itself is not re-run). */
function showRunSettings(run: RunRecord): void {
  const { imported, transcriptIndex, transcriptSelected } = useLabStore.getState();
  if (imported && run.transcriptIndex !== transcriptIndex && run.transcriptIndex < imported.transcripts.length) transcriptSelected(run.transcriptIndex);
  applyConfigText(run.configText);
}

/** Reopens a recorded run: its transcript (unless on screen), the file's transcript it ran on, and its config. */
export async function reopenRun(run: RunRecord, openFile: OpenFile): Promise<boolean> {
  if (usePageWorkspace.getState().currentTranscriptId !== run.transcriptId) {
    const record = await withWorkspace((workspace) => workspace.getTranscript(run.transcriptId));
    if (!record || !(await openKeptTranscript(record, openFile))) return false;
  }
  showRunSettings(run);
  return true;
}

/**
 * On opening the app: reopens the transcript last open in the workspace and applies its last run's config (unless a
 * shared link's config is waiting to be previewed, which comes first). The run is not re-run on opening — it may have
 * used a paid provider, and a large transcript takes a while — its figures are kept and shown in the restore note.
 * Whether a transcript was reopened (if not, the caller opens the sample).
 */
export async function reopenLastTranscript(openFile: OpenFile, options: { isConfigShared: boolean }): Promise<boolean> {
  const meta = await withWorkspace((workspace) => workspace.meta());
  if (!meta?.lastTranscriptId) return false;
  const lastTranscriptId = meta.lastTranscriptId;
  const record = await withWorkspace((workspace) => workspace.getTranscript(lastTranscriptId));
  // Something the user opened while the workspace was read comes first.
  if (!record || useLabStore.getState().loadStatus !== 'idle') return false;
  if (!(await openKeptTranscript(record, openFile))) return false;
  const lastRunId = meta.lastRunId;
  const run = lastRunId === undefined || options.isConfigShared ? undefined : await withWorkspace((workspace) => workspace.getRun(lastRunId));
  const lastRun = run?.transcriptId === record.id ? run : undefined;
  if (lastRun) showRunSettings(lastRun);
  usePageWorkspace.setState({ restored: { transcriptName: record.name, run: lastRun } });
  return true;
}
