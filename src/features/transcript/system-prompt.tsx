import { useSelectedTranscript } from '../../state/selectors';
import { useLabStore } from '../../state/store';
import { messageText } from '../../engine';
import { formatInteger } from '../../ui/format';

/** The system prompt, collapsed, when the source stored one (Claude Code does not; Codex and SWE-agent do). */
export function SystemPrompt() {
  const run = useSelectedTranscript();
  const summary = useLabStore((state) => state.tokenSummary);
  const estimate = useLabStore((state) => state.imported?.systemEstimates[state.transcriptIndex] ?? 0);
  if (!run?.system) return null;
  const tokenCount = summary?.system ?? estimate;
  return (
    <details className="system-prompt">
      <summary>System prompt — {summary ? '' : '≈ '}{formatInteger(tokenCount)} tokens</summary>
      <pre className="block-text">{messageText(run.system)}</pre>
    </details>
  );
}
