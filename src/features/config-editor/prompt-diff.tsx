import { diffLines, diffWords } from 'diff';
import { useMemo } from 'react';

/** Past this size a word diff gets slow and unreadable; whole lines say enough. */
const WORD_DIFF_LIMIT = 4000;

/** What an override changes against the default, as text with <ins>/<del> (never HTML from the prompt). */
export function PromptDiff({ before, after, label }: { before: string; after: string; label: string }) {
  const changes = useMemo(
    () => (before.length + after.length > WORD_DIFF_LIMIT ? diffLines(before, after) : diffWords(before, after)),
    [before, after],
  );
  return (
    <div className="prompt-diff" aria-label={`Changes to ${label}`} role="group">
      {changes.map((change, index) =>
        change.added ? <ins key={index}>{change.value}</ins> : change.removed ? <del key={index}>{change.value}</del> : <span key={index}>{change.value}</span>,
      )}
    </div>
  );
}
