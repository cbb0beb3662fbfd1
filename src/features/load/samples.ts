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

/** Fetches a sample's text from the app's own origin. */
export async function fetchSampleText(sample: Sample): Promise<string> {
  const response = await fetch(`${import.meta.env.BASE_URL}samples/${sample.fileName}`);
  if (!response.ok) throw new Error(`Could not load sample ${sample.fileName}: HTTP ${response.status}`);
  return response.text();
}
