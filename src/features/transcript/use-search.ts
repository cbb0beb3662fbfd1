import { useDeferredValue, useMemo } from 'react';
import { messageText } from '../../engine/tokens/message-text';
import type { Transcript } from '../../engine/transcript/model';

/** Indexes of the messages whose text contains the query (case-insensitive); empty for an empty query. */
export function useSearchMatches(run: Transcript | undefined, query: string): number[] {
  const deferredQuery = useDeferredValue(query.trim().toLowerCase());
  const hasQuery = deferredQuery !== '';
  // Lower-cased texts are built once per run, on the first search, and reused for every keystroke after it.
  const lowered = useMemo(() => (run && hasQuery ? run.messages.map((message) => messageText(message).toLowerCase()) : undefined), [run, hasQuery]);
  return useMemo(() => {
    if (!lowered || deferredQuery === '') return [];
    const matches: number[] = [];
    lowered.forEach((text, index) => {
      if (text.includes(deferredQuery)) matches.push(index);
    });
    return matches;
  }, [lowered, deferredQuery]);
}
