import { openDB, type IDBPDatabase } from 'idb';
import { failed, errorWords, succeeded, type WorkspaceResult } from './workspace-errors';
import { workspaceDatabaseName, workspaceSchemaVersion, type WorkspaceSchema } from './workspace-schema';
import { Workspace } from './workspace';

/** Where to open the workspace; tests give their own database name (and a higher version to play a newer tab). */
export interface OpenWorkspaceOptions {
  databaseName?: string;
  version?: number;
  /** Called when this tab's connection ends on its own: a newer tab upgraded the database, or the browser closed it. */
  onClosed?(reason: string): void;
}

/** Said when an older tab keeps the database from being opened at this version. */
export const blockedMessage =
  'Another tab holds an older Compaction Lab workspace open, so this tab cannot open it. Close that tab and reload this one; until then nothing you open here is kept.';

/** Each version's stores, one step per version, so a workspace of any older version is brought up to date. */
function upgrade(database: IDBPDatabase<WorkspaceSchema>, oldVersion: number, newVersion: number | null): void {
  const reaches = (version: number) => oldVersion < version && (newVersion ?? version) >= version;
  if (reaches(1)) {
    database.createObjectStore('transcripts', { keyPath: 'id' });
    database.createObjectStore('transcriptBytes', { keyPath: 'id' });
    database.createObjectStore('configs', { keyPath: 'id' });
    database.createObjectStore('runs', { keyPath: 'id' }).createIndex('byTranscript', 'transcriptId');
    database.createObjectStore('experiments', { keyPath: 'id' });
    database.createObjectStore('meta');
  }
  if (reaches(2)) database.createObjectStore('runStates', { keyPath: 'id' });
}

/**
 * Opens the workspace in the browser's IndexedDB. Never throws and never hangs: no IndexedDB (some private modes) is
 * `unavailable`, an older tab holding the database open is `blocked` (answered at once, not when that tab closes), and
 * when a newer tab asks to upgrade, this tab closes its connection so that tab can go on (`onClosed` says so).
 */
export async function openWorkspace(options: OpenWorkspaceOptions = {}): Promise<WorkspaceResult<Workspace>> {
  if (typeof indexedDB === 'undefined') {
    return failed('unavailable', 'This browser gives the page no IndexedDB (private browsing often does not), so nothing you open is kept after a reload. The page works as before.');
  }
  const { databaseName = workspaceDatabaseName, version = workspaceSchemaVersion, onClosed } = options;
  let workspace: Workspace | undefined;
  let reportBlocked: (() => void) | undefined;
  const blocked = new Promise<'blocked'>((resolve) => {
    reportBlocked = () => resolve('blocked');
  });
  const opening = openDB<WorkspaceSchema>(databaseName, version, {
    upgrade,
    blocked: () => reportBlocked?.(),
    blocking: () => {
      workspace?.close('A newer Compaction Lab tab upgraded the workspace, so this tab let go of it. Reload this tab to use the workspace again.');
    },
    terminated: () => {
      workspace?.close('The browser closed the workspace’s database (storage was cleared or failed). Reload the page to open it again.');
    },
  });
  try {
    const first = await Promise.race([opening, blocked]);
    if (first === 'blocked') {
      // Once the older tab lets go, the open completes: this page has already said it is blocked, so let go at once.
      opening.then((database) => database.close(), () => undefined);
      return failed('blocked', blockedMessage);
    }
    workspace = new Workspace(first, (reason) => onClosed?.(reason));
    return succeeded(workspace);
  } catch (error) {
    return failed('unavailable', `The browser refused to open the workspace (${errorWords(error)}), so nothing you open is kept after a reload. The page works as before.`);
  }
}
