import type { ExperimentTranscriptRef } from '../worker-client/experiment-protocol';
import { withWorkspace } from '../workspace/page-workspace';
import type { TranscriptRecord } from '../workspace/workspace-schema';

/** Where an experiment's transcript's bytes come from. */
export type TranscriptSource =
  | { kind: 'workspace'; id: string }
  | { kind: 'sample'; sampleId: string; fileName: string }
  | { kind: 'file'; file: File }
  /** A shared definition's transcript this page does not have (no workspace file with its hash): add the file to run it. */
  | { kind: 'missing' };

/** A transcript chosen for an experiment: its name and hash (what the definition keeps) and where its bytes are. */
export interface ChosenTranscript {
  ref: ExperimentTranscriptRef;
  source: TranscriptSource;
}

/** The hex SHA-256 of some bytes: what names a transcript in a definition, and the workspace's key for it. */
async function sha256Hex(bytes: Uint8Array): Promise<string> {
  const digest = await crypto.subtle.digest('SHA-256', bytes as Uint8Array<ArrayBuffer>);
  return Array.from(new Uint8Array(digest), (byte) => byte.toString(16).padStart(2, '0')).join('');
}

/** Bytes read this visit, by hash: a file or a sample is read once, however many cells and runs use it. */
const readBytes = new Map<string, Uint8Array>();

/** A transcript from the workspace (its hash is its id). */
export function chosenFromWorkspace(record: TranscriptRecord): ChosenTranscript {
  return { ref: { name: record.name, sha256: record.sha256, sizeBytes: record.sizeBytes }, source: { kind: 'workspace', id: record.id } };
}

/** A bundled sample's bytes, from the app's own origin. */
async function fetchSample(fileName: string): Promise<Uint8Array> {
  const response = await fetch(`${import.meta.env.BASE_URL}samples/${fileName}`);
  if (!response.ok) throw new Error(`the sample ${fileName} could not be loaded: HTTP ${response.status}`);
  return new Uint8Array(await response.arrayBuffer());
}

/** A bundled sample, read and hashed now (its hash names it in the definition). */
export async function chosenFromSample(sample: { id: string; fileName: string }): Promise<ChosenTranscript> {
  const bytes = await fetchSample(sample.fileName);
  const sha256 = await sha256Hex(bytes);
  readBytes.set(sha256, bytes);
  return { ref: { name: sample.fileName, sha256, sizeBytes: bytes.byteLength }, source: { kind: 'sample', sampleId: sample.id, fileName: sample.fileName } };
}

/**
 * A dropped or opened file, hashed and kept in the workspace so the experiment finds it after a reload (its format is
 * read when a cell imports it). A file the workspace refuses (too large, no room, no IndexedDB) is still used this visit.
 */
export async function chosenFromFile(file: File, now: number): Promise<ChosenTranscript> {
  const bytes = new Uint8Array(await file.arrayBuffer());
  const sha256 = await sha256Hex(bytes);
  readBytes.set(sha256, bytes);
  const ref = { name: file.name, sha256, sizeBytes: bytes.byteLength };
  const kept = await withWorkspace((workspace) => workspace.addTranscript({ bytes, name: file.name, formatLabel: 'read when an experiment runs it' }, now, { asOpened: false }), { isChange: true });
  return { ref, source: kept ? { kind: 'workspace', id: kept.record.id } : { kind: 'file', file } };
}

/** The bytes of a chosen transcript, exactly as loaded; rejects in words when they cannot be had. */
export async function bytesOfChosen(chosen: ChosenTranscript): Promise<Uint8Array> {
  const known = readBytes.get(chosen.ref.sha256);
  if (known) return known;
  const { source } = chosen;
  let bytes: Uint8Array;
  if (source.kind === 'workspace') {
    const stored = await withWorkspace((workspace) => workspace.transcriptBytes(source.id));
    if (!stored) throw new Error(`${chosen.ref.name} is no longer in the workspace`);
    bytes = stored;
  } else if (source.kind === 'sample') {
    bytes = await fetchSample(source.fileName);
  } else if (source.kind === 'file') {
    bytes = new Uint8Array(await source.file.arrayBuffer());
  } else {
    throw new Error(`${chosen.ref.name} is not on this page: add the file (its SHA-256 begins ${chosen.ref.sha256.slice(0, 12)}) to run it`);
  }
  // Workspace bytes stay in IndexedDB; a sample or a file is kept for the visit.
  if (source.kind !== 'workspace') readBytes.set(chosen.ref.sha256, bytes);
  return bytes;
}

/** The bytes of a transcript by its hash: read this visit, or kept in the workspace; undefined when neither has them. */
export async function bytesByHash(sha256: string): Promise<Uint8Array | undefined> {
  return readBytes.get(sha256) ?? (sha256 === '' ? undefined : await withWorkspace((workspace) => workspace.transcriptBytes(sha256)));
}
