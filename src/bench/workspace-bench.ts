// Node has no IndexedDB: this in-memory one stands in (no other section reads IndexedDB).
import 'fake-indexeddb/auto';
import { openWorkspace } from '../workspace/open-workspace';
import { formatMs, formatTable, print, timeAsync } from './timing';

const transcriptCount = 50;
const transcriptBytes = 2 * 1024 * 1024;

/**
 * Reopening a workspace of 50 transcripts of 2 MB (100 MB): how long its list takes to read, against reading every
 * transcript's bytes. In Node on fake-indexeddb (an in-memory IndexedDB), so it measures what the store reads, not a
 * browser's disk; the list reads only the records, which is why it stays fast however large the transcripts are.
 */
export async function runWorkspaceBench(): Promise<void> {
  const opened = await openWorkspace({ databaseName: `workspace-bench-${Date.now()}` });
  if (!opened.ok) throw new Error(opened.error.message);
  const workspace = opened.value;
  for (let index = 0; index < transcriptCount; index += 1) {
    const bytes = new Uint8Array(transcriptBytes);
    bytes.fill(index % 251);
    bytes[0] = index;
    const added = await workspace.addTranscript({ bytes, name: `session-${index}.jsonl`, formatLabel: 'Claude Code JSONL' }, index);
    if (!added.ok) throw new Error(added.error.message);
  }
  const listed = await timeAsync(() => workspace.listTranscripts());
  const everyByte = await timeAsync(async () => {
    const list = await workspace.listTranscripts();
    if (!list.ok) return 0;
    const all = await Promise.all(list.value.map((record) => workspace.transcriptBytes(record.id)));
    return all.reduce((sum, result) => sum + (result.ok ? result.value.byteLength : 0), 0);
  });
  workspace.close();
  const listedCount = listed.result.ok ? listed.result.value.length : 0;
  print(formatTable(['what (50 × 2 MB, fake-indexeddb in Node)', 'time', 'ratio to the list'], [
    [`list the ${listedCount} transcripts (records only)`, formatMs(listed.durationMs), '1.0×'],
    [`read every transcript's bytes (${Math.round(everyByte.result / 1024 / 1024)} MB)`, formatMs(everyByte.durationMs), `${(everyByte.durationMs / Math.max(listed.durationMs, 0.001)).toFixed(1)}×`],
  ]));
}
