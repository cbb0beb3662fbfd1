import { useLayoutEffect, useState, type RefObject } from 'react';

/**
 * The width of the chart's frame, followed as it resizes: the chart is drawn at a measured width of its own (not in a
 * `ResponsiveContainer`), so it draws wherever the frame has a width, test documents included. 0 until measured.
 */
export function useFrameWidth(frame: RefObject<HTMLElement | null>): number {
  const [width, setWidth] = useState(0);
  useLayoutEffect(() => {
    const element = frame.current;
    if (!element) return;
    const measure = () => setWidth(element.clientWidth);
    measure();
    if (typeof ResizeObserver === 'undefined') return;
    const observer = new ResizeObserver(measure);
    observer.observe(element);
    return () => observer.disconnect();
  }, [frame]);
  return width;
}
