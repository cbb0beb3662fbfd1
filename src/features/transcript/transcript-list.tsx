import { useVirtualizer } from '@tanstack/react-virtual';
import { useCallback, useEffect, useMemo, useRef } from 'react';
import { useSelectedTranscript } from '../../state/selectors';
import { useLabStore } from '../../state/store';
import { pairToolCalls, type CompactionMarker } from '../../engine/transcript';
import { MessageRow } from './message-row';
import { SearchBox } from './search-box';
import { useMessageKeys } from './use-message-keys';
import { useSearchMatches } from './use-search';

/** Shared empty list, so rows without markers keep equal props and skip re-rendering. */
const noMarkers: CompactionMarker[] = [];

/** The virtualized message list with search and tool call ↔ result jumps. Renders only the rows in view. */
export function TranscriptList() {
  const run = useSelectedTranscript();
  const query = useLabStore((state) => state.searchQuery);
  const focusedIndex = useLabStore((state) => state.focusedIndex);
  const scroller = useRef<HTMLDivElement>(null);
  const pairs = useMemo(() => pairToolCalls(run?.messages ?? []), [run]);
  const matches = useSearchMatches(run, query);
  const matchSet = useMemo(() => new Set(matches), [matches]);
  const markersByIndex = useMemo(() => {
    const byIndex = new Map<number, CompactionMarker[]>();
    for (const marker of run?.markers ?? []) byIndex.set(marker.atIndex, [...(byIndex.get(marker.atIndex) ?? []), marker]);
    return byIndex;
  }, [run]);
  const messageCount = run?.messages.length ?? 0;
  // TanStack Virtual hands back fresh functions each render; we do not run the React Compiler, so nothing memoizes them.
  // eslint-disable-next-line react-hooks/incompatible-library
  const virtualizer = useVirtualizer({
    count: messageCount,
    getScrollElement: () => scroller.current,
    estimateSize: () => 140,
    overscan: 6,
  });

  useEffect(() => {
    if (focusedIndex !== undefined && focusedIndex < messageCount) virtualizer.scrollToIndex(focusedIndex, { align: 'start' });
  }, [focusedIndex, messageCount, virtualizer]);

  useMessageKeys(messageCount);

  const jump = useCallback((index: number) => useLabStore.getState().messageFocused(index), []);
  const step = useCallback(
    (direction: 1 | -1) => {
      if (matches.length === 0) return;
      const current = useLabStore.getState().focusedIndex ?? (direction === 1 ? -1 : Number.MAX_SAFE_INTEGER);
      const next = direction === 1 ? matches.find((index) => index > current) ?? matches[0] : [...matches].reverse().find((index) => index < current) ?? matches[matches.length - 1];
      jump(next);
    },
    [matches, jump],
  );

  if (!run) return null;
  return (
    <section className="transcript" aria-label="Transcript">
      <SearchBox matches={matches} onStep={step} />
      <div ref={scroller} className="transcript-scroller" data-testid="transcript-scroller" tabIndex={0} aria-label="Messages">
        <div style={{ height: virtualizer.getTotalSize(), position: 'relative' }}>
          {virtualizer.getVirtualItems().map((item) => (
            <div key={item.key} data-index={item.index} ref={virtualizer.measureElement} className="virtual-row" style={{ transform: `translateY(${item.start}px)` }}>
              <MessageRow
                message={run.messages[item.index]}
                messages={run.messages}
                index={item.index}
                pairs={pairs}
                isMatch={matchSet.has(item.index)}
                isFocused={focusedIndex === item.index}
                markersBefore={markersByIndex.get(item.index) ?? noMarkers}
                onJump={jump}
              />
            </div>
          ))}
        </div>
        {messageCount === 0 && <p className="muted">This run has no messages.</p>}
      </div>
    </section>
  );
}
