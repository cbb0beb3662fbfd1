import { useEffect, useRef } from 'react';

/**
 * Where a key belongs to the control under it: text fields and every input that takes arrows (a checkbox or a button
 * does not), pickers, editable text, dialogs, tabs with focus (a click does not focus one: see Tabs) and sliders.
 */
const ownedByControl =
  'input:not([type="checkbox"], [type="button"], [type="submit"], [type="reset"], [type="file"]), textarea, select, [contenteditable="true"], dialog, [role="tab"], [role="slider"]';

/**
 * A page-wide pair of stepping keys (j/k, n/p, ←/→): `onStep(1)` for `next`, `onStep(-1)` for `previous`. Ignored
 * with a modifier held and whenever focus is in a control that uses the key itself, so typing never steps anything.
 */
export function useStepKeys(next: string, previous: string, onStep: (direction: 1 | -1) => boolean | void): void {
  // The latest callback without re-subscribing on every render.
  const latest = useRef(onStep);
  useEffect(() => {
    latest.current = onStep;
  });
  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      if (event.ctrlKey || event.metaKey || event.altKey) return;
      if (event.key !== next && event.key !== previous) return;
      if (event.target instanceof Element && event.target.closest(ownedByControl)) return;
      // A handler that returns false had nothing to step, so the key keeps its default (e.g. arrows scroll).
      if (latest.current(event.key === next ? 1 : -1) !== false) event.preventDefault();
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [next, previous]);
}
