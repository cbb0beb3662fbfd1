import type { IDBPDatabase, StoreNames } from 'idb';
import { errorWords, failed, isQuotaError, maxStoredTranscriptBytes, storageBytes, succeeded, type WorkspaceResult } from './workspace-errors';
import { metaKey, type ConfigRecord, type ExperimentRecord, type JsonValue, type RunRecord, type RunStateRecord, type TranscriptRecord, type WorkspaceMeta, type WorkspaceSchema } from './workspace-schema';

/** The stores whose records carry an id and a name the user may change. */
type NamedStore = 'transcripts' | 'configs' | 'runs' | 'experiments';

/** What a transcript is called and how it was read, beside its bytes, when it is added. */
export interface TranscriptToKeep {
  bytes: Uint8Array;
  name: string;
  formatLabel: string;
}

/** How much the workspace holds: its transcripts' bytes exactly, and the browser's estimate for the whole origin when it gives one. */
export interface StorageUse {
  transcriptBytes: number;
  usedBytes?: number;
  quotaBytes?: number;
}

/** The hex sha256 of some bytes. */
async function sha256Hex(bytes: Uint8Array): Promise<string> {
  const digest = await crypto.subtle.digest('SHA-256', bytes as Uint8Array<ArrayBuffer>);
  return Array.from(new Uint8Array(digest), (byte) => byte.toString(16).padStart(2, '0')).join('');
}

/** The browser's storage estimate, when it gives one. */
async function estimate(): Promise<{ usage?: number; quota?: number }> {
  try {
    return typeof navigator !== 'undefined' && navigator.storage?.estimate ? await navigator.storage.estimate() : {};
  } catch {
    return {};
  }
}

/**
 * The workspace: the user's transcripts (original bytes, never altered), saved configs, runs, experiments and what was
 * last open, in IndexedDB. Every method answers a `WorkspaceResult` and never throws; a write the browser refuses
 * (quota) changes nothing already stored, since each write is one transaction. Keys are never stored here.
 */
export class Workspace {
  private closedReason?: string;

  /** Takes an open database (see `openWorkspace`); `onClosed` hears why, when the connection ends on its own. */
  constructor(private readonly database: IDBPDatabase<WorkspaceSchema>, private readonly onClosed: (reason: string) => void = () => undefined) {}

  /** Lets go of the database; every later call answers `closed` with `reason`. */
  close(reason = 'The workspace was closed.'): void {
    if (this.closedReason !== undefined) return;
    this.closedReason = reason;
    this.database.close();
    this.onClosed(reason);
  }

  /** Runs one read or write, turning a closed database, a full quota or any other failure into words. */
  private async attempt<Value>(what: string, work: () => Promise<Value>): Promise<WorkspaceResult<Value>> {
    if (this.closedReason !== undefined) return failed('closed', this.closedReason);
    try {
      return succeeded(await work());
    } catch (error) {
      if (!isQuotaError(error)) return failed('failed', `The workspace could not ${what}: ${errorWords(error)}.`);
      const { usage, quota } = await estimate();
      const room = quota === undefined ? 'the browser’s storage quota for this page is used up' : `the browser allows this page ${storageBytes(quota)}${usage === undefined ? '' : `, and ${storageBytes(usage)} is in use`}`;
      return failed('quota', `The workspace could not ${what}: ${room}. Nothing already kept was lost; delete transcripts you no longer need in the Workspace panel to make room.`);
    }
  }

  /**
   * Keeps a transcript's bytes exactly as given, with its name and format. The same bytes again (by sha256) are the
   * same record, marked opened now; bytes over `maxStoredTranscriptBytes` are refused with the limit named.
   * The transcript becomes the last opened one, unless `asOpened` is false: a file added to an experiment is kept for it,
   * not opened on the page, so a reload must not reopen it in the lab.
   */
  async addTranscript(transcript: TranscriptToKeep, now: number, { asOpened = true }: { asOpened?: boolean } = {}): Promise<WorkspaceResult<{ record: TranscriptRecord; isNew: boolean }>> {
    const { bytes, name, formatLabel } = transcript;
    if (bytes.byteLength > maxStoredTranscriptBytes) {
      return failed('too-large', `“${name}” (${storageBytes(bytes.byteLength)}) is open but not kept in the workspace: it keeps transcripts up to ${storageBytes(maxStoredTranscriptBytes)}.`);
    }
    const sha256 = await sha256Hex(bytes);
    return this.attempt(`keep “${name}” (${storageBytes(bytes.byteLength)})`, async () => {
      const transaction = this.database.transaction(['transcripts', 'transcriptBytes', 'meta'], 'readwrite');
      try {
        const existing = await transaction.objectStore('transcripts').get(sha256);
        const fresh: TranscriptRecord = { id: sha256, name, formatLabel, sizeBytes: bytes.byteLength, sha256, addedAt: now, openedAt: now };
        const record: TranscriptRecord = existing ? (asOpened ? { ...existing, openedAt: now } : existing) : fresh;
        // A copy, so a caller that reuses its buffer cannot change what is kept.
        if (!existing) await transaction.objectStore('transcriptBytes').put({ id: sha256, bytes: bytes.slice() });
        await transaction.objectStore('transcripts').put(record);
        if (asOpened) {
          const meta = (await transaction.objectStore('meta').get(metaKey)) ?? {};
          await transaction.objectStore('meta').put({ ...meta, lastTranscriptId: sha256 }, metaKey);
        }
        await transaction.done;
        return { record, isNew: !existing };
      } catch (error) {
        abort(transaction);
        throw error;
      }
    });
  }

  /** A transcript's record (no bytes). */
  getTranscript(id: string): Promise<WorkspaceResult<TranscriptRecord>> {
    return this.found('transcripts', id, 'transcript');
  }

  /** A transcript's bytes, exactly as they were added. */
  async transcriptBytes(id: string): Promise<WorkspaceResult<Uint8Array>> {
    const found = await this.attempt('read a transcript', () => this.database.get('transcriptBytes', id));
    if (!found.ok) return found;
    return found.value ? succeeded(found.value.bytes) : failed('not-found', 'That transcript is no longer in the workspace (deleted in another tab?).');
  }

  /** Every transcript, last opened first; reads only the records, never the bytes. */
  async listTranscripts(): Promise<WorkspaceResult<TranscriptRecord[]>> {
    return this.listed('transcripts', (record) => record.openedAt);
  }

  /** Marks a transcript opened now, making it the last opened one. */
  async transcriptOpened(id: string, now: number): Promise<WorkspaceResult<TranscriptRecord>> {
    const found = await this.getTranscript(id);
    if (!found.ok) return found;
    const record = { ...found.value, openedAt: now };
    return this.attempt('note what was opened', async () => {
      const transaction = this.database.transaction(['transcripts', 'meta'], 'readwrite');
      const meta = (await transaction.objectStore('meta').get(metaKey)) ?? {};
      await Promise.all([transaction.objectStore('transcripts').put(record), transaction.objectStore('meta').put({ ...meta, lastTranscriptId: id }, metaKey), transaction.done]);
      return record;
    });
  }

  /** Deletes a transcript, its bytes and its runs; the last-opened note forgets it. */
  async deleteTranscript(id: string): Promise<WorkspaceResult<void>> {
    return this.attempt('delete a transcript', async () => {
      const transaction = this.database.transaction(['transcripts', 'transcriptBytes', 'runs', 'runStates', 'meta'], 'readwrite');
      const runIds = await transaction.objectStore('runs').index('byTranscript').getAllKeys(id);
      const meta = (await transaction.objectStore('meta').get(metaKey)) ?? {};
      const kept: WorkspaceMeta = {
        ...(meta.lastTranscriptId === id ? {} : { lastTranscriptId: meta.lastTranscriptId }),
        ...(meta.lastRunId === undefined || runIds.includes(meta.lastRunId) ? {} : { lastRunId: meta.lastRunId }),
      };
      await Promise.all([
        transaction.objectStore('transcripts').delete(id),
        transaction.objectStore('transcriptBytes').delete(id),
        ...runIds.map((runId) => transaction.objectStore('runs').delete(runId)),
        ...runIds.map((runId) => transaction.objectStore('runStates').delete(runId)),
        transaction.objectStore('meta').put(kept, metaKey),
        transaction.done,
      ]);
    });
  }

  /** Keeps a config's JSON text under a name. */
  saveConfig(name: string, text: string, now: number): Promise<WorkspaceResult<ConfigRecord>> {
    const record: ConfigRecord = { id: crypto.randomUUID(), name, text, createdAt: now, updatedAt: now };
    return this.attempt(`save the config “${name}”`, async () => {
      await this.database.put('configs', record);
      return record;
    });
  }

  /** A saved config. */
  getConfig(id: string): Promise<WorkspaceResult<ConfigRecord>> {
    return this.found('configs', id, 'config');
  }

  /** Every saved config, newest first. */
  listConfigs(): Promise<WorkspaceResult<ConfigRecord[]>> {
    return this.listed('configs', (record) => record.updatedAt);
  }

  /**
   * Records a finished run or replay and makes it the last run; a single compaction's `state` (what it left) is kept
   * with it in the same write, so a run is never kept without the state it was recorded with.
   */
  addRun(run: Omit<RunRecord, 'id'>, state?: Omit<RunStateRecord, 'id'>): Promise<WorkspaceResult<RunRecord>> {
    const record: RunRecord = { ...run, id: crypto.randomUUID() };
    return this.attempt(`record the run “${run.name}”`, async () => {
      const transaction = this.database.transaction(['runs', 'runStates', 'meta'], 'readwrite');
      const meta = (await transaction.objectStore('meta').get(metaKey)) ?? {};
      await Promise.all([
        transaction.objectStore('runs').put(record),
        ...(state ? [transaction.objectStore('runStates').put({ ...state, id: record.id })] : []),
        transaction.objectStore('meta').put({ ...meta, lastRunId: record.id }, metaKey),
        transaction.done,
      ]);
      return record;
    });
  }

  /** The state a recorded single compaction left; `not-found` for a replay or a run recorded before states were kept. */
  async getRunState(id: string): Promise<WorkspaceResult<RunStateRecord>> {
    const found = await this.attempt('read a run’s state', () => this.database.get('runStates', id));
    if (!found.ok) return found;
    return found.value ? succeeded(found.value) : failed('not-found', 'That run kept no state to compare (a session replay, or a run recorded before runs kept theirs).');
  }

  /** A recorded run. */
  getRun(id: string): Promise<WorkspaceResult<RunRecord>> {
    return this.found('runs', id, 'run');
  }

  /** Every recorded run, newest first. */
  listRuns(): Promise<WorkspaceResult<RunRecord[]>> {
    return this.listed('runs', (record) => record.createdAt);
  }

  /** Keeps an experiment (replacing the one with its id): its definition and results are JSON the workspace does not read. */
  putExperiment<Definition extends JsonValue, Results extends JsonValue>(record: ExperimentRecord<Definition, Results>): Promise<WorkspaceResult<ExperimentRecord<Definition, Results>>> {
    return this.attempt(`keep the experiment “${record.name}”`, async () => {
      await this.database.put('experiments', record);
      return record;
    });
  }

  /** A kept experiment. */
  getExperiment(id: string): Promise<WorkspaceResult<ExperimentRecord>> {
    return this.found('experiments', id, 'experiment');
  }

  /** Every kept experiment, last changed first. */
  listExperiments(): Promise<WorkspaceResult<ExperimentRecord[]>> {
    return this.listed('experiments', (record) => record.updatedAt);
  }

  /** Renames a transcript, config, run or experiment (nothing else of it changes). */
  async rename(store: NamedStore, id: string, name: string): Promise<WorkspaceResult<void>> {
    return this.attempt(`rename “${name}”`, async () => {
      const transaction = this.database.transaction(store, 'readwrite');
      const record = await transaction.store.get(id);
      if (record) await transaction.store.put({ ...record, name });
      await transaction.done;
      if (!record) throw new Error('it is no longer in the workspace');
    });
  }

  /** Deletes a config, run or experiment (a transcript goes through `deleteTranscript`, which takes its bytes and runs too). */
  async delete(store: Exclude<NamedStore, 'transcripts'>, id: string): Promise<WorkspaceResult<void>> {
    return this.attempt('delete it', async () => {
      const transaction = this.database.transaction([store, 'runStates', 'meta'], 'readwrite');
      const meta = (await transaction.objectStore('meta').get(metaKey)) ?? {};
      await transaction.objectStore(store).delete(id);
      if (store === 'runs') await transaction.objectStore('runStates').delete(id);
      if (store === 'runs' && meta.lastRunId === id) await transaction.objectStore('meta').put({ lastTranscriptId: meta.lastTranscriptId }, metaKey);
      await transaction.done;
    });
  }

  /** What was last opened and last run. */
  async meta(): Promise<WorkspaceResult<WorkspaceMeta>> {
    return this.attempt('read what was last open', async () => (await this.database.get('meta', metaKey)) ?? {});
  }

  /** How much is stored: the transcripts' bytes (from their records, no bytes read) and the browser's estimate. */
  async storageUse(): Promise<WorkspaceResult<StorageUse>> {
    const listed = await this.listTranscripts();
    if (!listed.ok) return listed;
    const { usage, quota } = await estimate();
    return succeeded({ transcriptBytes: listed.value.reduce((sum, record) => sum + record.sizeBytes, 0), usedBytes: usage, quotaBytes: quota });
  }

  /** Deletes everything in the workspace. */
  clear(): Promise<WorkspaceResult<void>> {
    return this.attempt('clear the workspace', async () => {
      const names: StoreNames<WorkspaceSchema>[] = ['transcripts', 'transcriptBytes', 'configs', 'runs', 'runStates', 'experiments', 'meta'];
      const transaction = this.database.transaction(names, 'readwrite');
      await Promise.all([...names.map((name) => transaction.objectStore(name).clear()), transaction.done]);
    });
  }

  private async found<Store extends NamedStore>(store: Store, id: string, noun: string): Promise<WorkspaceResult<WorkspaceSchema[Store]['value']>> {
    const found = await this.attempt(`read a ${noun}`, () => this.database.get(store, id));
    if (!found.ok) return found;
    return found.value ? succeeded(found.value) : failed('not-found', `That ${noun} is no longer in the workspace (deleted in another tab?).`);
  }

  private async listed<Store extends NamedStore>(store: Store, dateOf: (record: WorkspaceSchema[Store]['value']) => number): Promise<WorkspaceResult<WorkspaceSchema[Store]['value'][]>> {
    const listed = await this.attempt('list what it keeps', () => this.database.getAll(store));
    if (!listed.ok) return listed;
    return succeeded(listed.value.sort((first, second) => dateOf(second) - dateOf(first)));
  }
}

/** Abandons a transaction after a failed step, so none of its writes land (it may have ended already). */
function abort(transaction: { abort(): void; done: Promise<void> }): void {
  transaction.done.catch(() => undefined);
  try {
    transaction.abort();
  } catch {
    // Already finished or aborted by the browser: nothing of it was written.
  }
}
