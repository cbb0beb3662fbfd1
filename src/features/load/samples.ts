/** A real transcript bundled in public/samples (sources and licences in public/samples/NOTICE.md). */
export interface Sample {
  id: string;
  title: string;
  fileName: string;
}

/** Bundled samples; the first opens on start. */
export const samples: readonly Sample[] = [
  { id: 'claude-code-session', title: 'Claude Code session with a real auto-compaction (3.4 MB)', fileName: 'claude-code-session.jsonl' },
  { id: 'claude-code-tool-heavy', title: 'Claude Code, short tool-heavy session', fileName: 'claude-code-tool-heavy.jsonl' },
  { id: 'codex-rollout', title: 'Codex CLI rollout (text redacted upstream)', fileName: 'codex-rollout.jsonl' },
  { id: 'swe-agent', title: 'SWE-agent trajectory (function calling)', fileName: 'swe-agent-marshmallow-1867.traj' },
  { id: 'openhands', title: 'OpenHands evaluation output (3 runs)', fileName: 'openhands-multi-swe-bench.jsonl' },
  { id: 'inspect-ai', title: 'Inspect AI eval log (browser task)', fileName: 'inspect-ai-browser.json' },
  { id: 'gemini-cli', title: 'Gemini CLI chat recording', fileName: 'gemini-cli-session.json' },
];

/** Query keys for sample downloads (TanStack Query caches the text). */
export const sampleKeys = {
  all: ['samples'] as const,
  text: (id: string) => ['samples', id, 'text'] as const,
};

/** Bytes received so far and, when the server sent a length, bytes in all. */
type DownloadProgress = (receivedBytes: number, totalBytes: number | undefined) => void;

/** Fetches a sample's text from the app's own origin, telling `onProgress` as the bytes arrive. */
export async function fetchSampleText(sample: Sample, onProgress?: DownloadProgress): Promise<string> {
  const response = await fetch(`${import.meta.env.BASE_URL}samples/${sample.fileName}`);
  if (!response.ok) throw new Error(`Could not load sample ${sample.fileName}: HTTP ${response.status}`);
  if (!onProgress || !response.body) return response.text();
  const length = Number(response.headers.get('content-length'));
  // A compressed response's length counts the compressed bytes, so it is only a total when nothing was encoded.
  const totalBytes = Number.isFinite(length) && length > 0 && !response.headers.get('content-encoding') ? length : undefined;
  const reader = response.body.getReader();
  // Streamed decoding keeps a character split across two chunks whole.
  const decoder = new TextDecoder();
  let text = '';
  let receivedBytes = 0;
  onProgress(0, totalBytes);
  for (let read = await reader.read(); !read.done; read = await reader.read()) {
    text += decoder.decode(read.value, { stream: true });
    receivedBytes += read.value.byteLength;
    onProgress(receivedBytes, totalBytes);
  }
  return text + decoder.decode();
}
