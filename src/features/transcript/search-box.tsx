import { useEffect, useRef } from 'react';
import { useLabStore } from '../../state/store';

/** The search field: `/` focuses it from anywhere, Enter and Shift+Enter step through matches, Escape clears. */
export function SearchBox({ matches, onStep }: { matches: number[]; onStep(direction: 1 | -1): void }) {
  const query = useLabStore((state) => state.searchQuery);
  const focusedIndex = useLabStore((state) => state.focusedIndex);
  const input = useRef<HTMLInputElement>(null);
  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      const target = event.target as HTMLElement | null;
      if (event.key === '/' && !target?.closest('input, textarea, select, [contenteditable="true"]')) {
        event.preventDefault();
        input.current?.focus();
      }
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, []);
  const position = focusedIndex !== undefined ? matches.indexOf(focusedIndex) : -1;
  return (
    <div className="search-box" role="search">
      <input
        ref={input}
        type="search"
        aria-label="Search messages"
        placeholder="Search messages (/) · j / k to step"
        value={query}
        onChange={(event) => useLabStore.getState().searchChanged(event.target.value)}
        onKeyDown={(event) => {
          if (event.key === 'Enter') {
            event.preventDefault();
            onStep(event.shiftKey ? -1 : 1);
          } else if (event.key === 'Escape') {
            useLabStore.getState().searchChanged('');
          }
        }}
      />
      {query.trim() !== '' && (
        <span className="muted" role="status" aria-live="polite">
          {matches.length === 0 ? 'no matches' : `${position >= 0 ? `${position + 1} of ` : ''}${matches.length} matching messages`}
        </span>
      )}
      <button type="button" aria-label="Previous match" disabled={matches.length === 0} onClick={() => onStep(-1)}>↑</button>
      <button type="button" aria-label="Next match" disabled={matches.length === 0} onClick={() => onStep(1)}>↓</button>
    </div>
  );
}
