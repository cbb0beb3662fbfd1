import { useMemo } from 'react';
import type { CompactionEvent } from '../engine';
import { useRunStore } from './run-store';

/** How the page names the summarizer that wrote a summary when the run called no provider. */
const offlineAuthor = 'offline summarizer';

/**
 * Who wrote each pass's summary, by pass: the model of the pass's last summarizer attempt, or the offline summarizer
 * when the run made no provider call (it then ran on the offline summarizer alone). A pass with no attempt is absent.
 */
function summaryAuthors(events: readonly CompactionEvent[], providerCalls: number): Map<number, string> {
  const authors = new Map<number, string>();
  for (const event of events) {
    if (event.type !== 'attempt-start' || event.role === 'local') continue;
    const author = providerCalls === 0 ? offlineAuthor : event.model;
    if (author) authors.set(event.pass, author);
  }
  return authors;
}

/** `summaryAuthors` of the shown run (empty for a run whose events the page does not hold, like a replay's compaction). */
export function useSummaryAuthors(): Map<number, string> {
  const events = useRunStore((state) => state.events);
  const providerCalls = useRunStore((state) => state.calls.length);
  return useMemo(() => summaryAuthors(events, providerCalls), [events, providerCalls]);
}
