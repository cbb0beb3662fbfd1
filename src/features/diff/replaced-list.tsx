import { indexRanges } from './fate-label';

/** The source messages a summary replaced, as contiguous spans; each span jumps to its first message. */
export function ReplacedList({ replaced, onJumpToSource }: { replaced: readonly number[]; onJumpToSource(sourceIndex: number): void }) {
  const ranges = indexRanges(replaced);
  if (ranges.length === 0) return <p className="muted diff-replaced">No source message points to this summary in this pass.</p>;
  return (
    <ul className="diff-replaced" aria-label="Messages this summary replaced">
      {ranges.map(([first, last]) => (
        <li key={first}>
          <button type="button" className="link-button" onClick={() => onJumpToSource(first)} aria-label={first === last ? `Go to message ${first + 1}` : `Go to messages ${first + 1} to ${last + 1}`}>
            {first === last ? `#${first + 1}` : `#${first + 1}–#${last + 1}`}
          </button>
        </li>
      ))}
    </ul>
  );
}
