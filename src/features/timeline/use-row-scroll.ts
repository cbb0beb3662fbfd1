import { useCallback, useEffect, useLayoutEffect, useRef, useState } from 'react';

/** What a sideways-scrolling row shows of itself: whether passes are hidden before or after the visible part. */
interface RowScroll {
  rowRef: React.RefObject<HTMLOListElement | null>;
  hidesBefore: boolean;
  hidesAfter: boolean;
  /** Scrolls by most of a visible width, back (-1) or forward (1). */
  page(direction: -1 | 1): void;
}

/** Pixels of slack, so a sub-pixel remainder does not count as hidden content. */
const edgeSlackPx = 2;

/**
 * Keeps a row's current step in view (`selectedKey` changes: ←/→, a click, a new run ending on its last pass) by
 * scrolling the row itself — never the page — and reports what the row hides, for its scroll buttons.
 */
export function useRowScroll(selectedKey: number, contentKey: unknown): RowScroll {
  const rowRef = useRef<HTMLOListElement>(null);
  const [hidden, setHidden] = useState({ before: false, after: false });
  const measure = useCallback(() => {
    const row = rowRef.current;
    if (!row) return;
    const before = row.scrollLeft > edgeSlackPx;
    const after = row.scrollLeft + row.clientWidth < row.scrollWidth - edgeSlackPx;
    setHidden((current) => (current.before === before && current.after === after ? current : { before, after }));
  }, []);
  useEffect(() => {
    const row = rowRef.current;
    if (!row) return;
    const observer = new ResizeObserver(measure);
    observer.observe(row);
    row.addEventListener('scroll', measure, { passive: true });
    return () => {
      observer.disconnect();
      row.removeEventListener('scroll', measure);
    };
  }, [measure, contentKey]);
  const hasButtons = hidden.before || hidden.after;
  useLayoutEffect(() => {
    const row = rowRef.current;
    const current = row?.querySelector<HTMLElement>('[aria-current="step"]');
    if (!row || !current) return;
    const item = (current.closest('li') ?? current).getBoundingClientRect();
    const start = item.left - row.getBoundingClientRect().left + row.scrollLeft;
    const end = start + item.width;
    if (start < row.scrollLeft) row.scrollLeft = start;
    else if (end > row.scrollLeft + row.clientWidth) row.scrollLeft = end - row.clientWidth;
    measure();
    // The scroll buttons appearing narrow the row: reveal again once they are there.
  }, [selectedKey, contentKey, measure, hasButtons]);
  const page = useCallback((direction: -1 | 1) => {
    const row = rowRef.current;
    if (row) row.scrollBy({ left: direction * Math.max(row.clientWidth * 0.8, 120), behavior: 'smooth' });
  }, []);
  return { rowRef, hidesBefore: hidden.before, hidesAfter: hidden.after, page };
}
