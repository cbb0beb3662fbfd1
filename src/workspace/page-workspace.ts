import { create } from 'zustand';
import { openWorkspace } from './open-workspace';
import type { Workspace } from './workspace';
import type { WorkspaceError, WorkspaceResult } from './workspace-errors';
import type { RunRecord } from './workspace-schema';

/** What a reload reopened from the workspace, for the note that says so. */
interface RestoredTranscript {
  transcriptName: string;
  /** The last run on it, whose config was applied again; absent when it had none (or a shared link's config came first). */
  run?: RunRecord;
}

/** The page's view of its workspace: whether it opened, the last problem in words, and what is on screen. */
interface PageWorkspaceState {
  status: 'opening' | 'ready' | 'unavailable';
  /** The last thing the workspace refused or failed, in words (open blocked, quota, too large); the page works on. */
  problem?: WorkspaceError;
  /** Bumped on every change, so open lists read again. */
  revision: number;
  /** The workspace id of the transcript on screen; undefined for a sample (samples are not the user's data). */
  currentTranscriptId?: string;
  restored?: RestoredTranscript;
}

/** The page's workspace store (the stored things live in IndexedDB; this holds only where it stands). */
export const usePageWorkspace = create<PageWorkspaceState>()(() => ({ status: 'opening', revision: 0 }));

let opening: Promise<Workspace | undefined> | undefined;

/** The page's one workspace, opened on first use; undefined (with the reason in `problem`) when the browser refused it. */
function pageWorkspace(): Promise<Workspace | undefined> {
  opening ??= openWorkspace({ onClosed: (reason) => usePageWorkspace.setState({ status: 'unavailable', problem: { code: 'closed', message: reason } }) }).then((result) => {
    if (result.ok) {
      usePageWorkspace.setState({ status: 'ready' });
      return result.value;
    }
    usePageWorkspace.setState({ status: 'unavailable', problem: result.error });
    return undefined;
  });
  return opening;
}

/** Forgets the page's workspace (tests open a fresh one). */
export function pageWorkspaceForgotten(): void {
  opening = undefined;
  usePageWorkspace.setState({ status: 'opening', problem: undefined, revision: 0, currentTranscriptId: undefined, restored: undefined }, false);
}

/** Runs a workspace call: a change bumps the revision, a failure becomes the page's problem; the value, or undefined. */
export async function withWorkspace<Value>(work: (workspace: Workspace) => Promise<WorkspaceResult<Value>>, options: { isChange?: boolean } = {}): Promise<Value | undefined> {
  const workspace = await pageWorkspace();
  if (!workspace) return undefined;
  const result = await work(workspace);
  if (!result.ok) {
    usePageWorkspace.setState({ problem: result.error });
    return undefined;
  }
  if (options.isChange) usePageWorkspace.setState((state) => ({ revision: state.revision + 1, problem: undefined }));
  return result.value;
}

/**
 * Keeps a transcript the user loaded (a file's bytes, or pasted text as UTF-8) and marks it the one on screen. A file
 * the workspace refuses (too large, quota) still stays open; the refusal is said in the panel.
 */
export async function keepTranscript(source: Blob | string, name: string, formatLabel: string): Promise<void> {
  usePageWorkspace.setState({ currentTranscriptId: undefined });
  const bytes = typeof source === 'string' ? new TextEncoder().encode(source) : new Uint8Array(await source.arrayBuffer());
  const kept = await withWorkspace((workspace) => workspace.addTranscript({ bytes, name, formatLabel }, Date.now()), { isChange: true });
  if (kept) usePageWorkspace.setState({ currentTranscriptId: kept.record.id });
}

/** Something not the user's own (a sample) is on screen: runs of it are not recorded. */
export function transcriptNotKept(): void {
  usePageWorkspace.setState({ currentTranscriptId: undefined, restored: undefined });
}
