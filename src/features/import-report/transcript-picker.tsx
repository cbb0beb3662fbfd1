import { useLabStore } from '../../state/store';

/** Lets the user pick one run of a file that holds several (an evaluation JSONL, an eval log with several samples). */
export function TranscriptPicker() {
  const transcripts = useLabStore((state) => state.imported?.transcripts);
  const transcriptIndex = useLabStore((state) => state.transcriptIndex);
  if (!transcripts || transcripts.length < 2) return null;
  return (
    <label className="transcript-picker">
      Run{' '}
      <select aria-label="Run" value={transcriptIndex} onChange={(event) => useLabStore.getState().transcriptSelected(Number(event.target.value))}>
        {transcripts.map((transcript, index) => (
          <option key={transcript.id + index} value={index}>
            {index + 1}. {transcript.source.runLabel ?? transcript.meta.title ?? transcript.id} ({transcript.messages.length} messages)
          </option>
        ))}
      </select>
      <span className="muted"> {transcripts.length} runs in this file</span>
    </label>
  );
}
