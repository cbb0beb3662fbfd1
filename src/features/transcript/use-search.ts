import { useMemo } from 'react';
import { messageText } from '../../engine';
import type { Transcript } from '../../engine/transcript';

/**
 * Indexes of the messages whose text contains the query (case-insensitive); empty for an empty query.
 * Matches are computed in the same render as the query, never deferred: Enter right after typing must step through
 * the matches of what is in the box, not of an older prefix.
 */
export function useSearchMatches(run: Transcript | undefined, query: string): number[] {
  const needle = query.trim().toLowerCase();
  const hasQuery = needle !== '';
  // Lower-cased texts are built once per run, on the first search, and reused for every keystroke after it.
  const lowered = useMemo(() => (run && hasQuery ? run.messages.map((message) => messageText(message).toLowerCase()) : undefined), [run, hasQuery]);
  return useMemo(() => {
    if (!lowered || !hasQuery) return [];
    const matches: number[] = [];
    lowered.forEach((text, index) => {
      if (text.includes(needle)) matches.push(index);
    });
    return matches;
  }, [lowered, needle, hasQuery]);
}
