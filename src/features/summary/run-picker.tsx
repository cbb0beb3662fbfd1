import { useLabStore } from '../../app/store';

/** Lets the user pick one run of a file that holds several (an evaluation JSONL, an eval log with several samples). */
export function RunPicker() {
  const runs = useLabStore((state) => state.imported?.runs);
  const runIndex = useLabStore((state) => state.runIndex);
  if (!runs || runs.length < 2) return null;
  return (
    <label className="run-picker">
      Run{' '}
      <select aria-label="Run" value={runIndex} onChange={(event) => useLabStore.getState().runSelected(Number(event.target.value))}>
        {runs.map((run, index) => (
          <option key={run.id + index} value={index}>
            {index + 1}. {run.source.runLabel ?? run.meta.title ?? run.id} ({run.messages.length} messages)
          </option>
        ))}
      </select>
      <span className="muted"> {runs.length} runs in this file</span>
    </label>
  );
}
