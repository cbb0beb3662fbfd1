import { useEffect, useState } from 'react';

/** The colours with every `var(--x)` read from the page's current style. */
function resolveColors<T extends Record<string, string>>(colors: T): T {
  const style = getComputedStyle(document.documentElement);
  const resolved: Record<string, string> = {};
  for (const [key, color] of Object.entries(colors)) {
    const variable = /^var\((--[\w-]+)\)$/.exec(color)?.[1];
    resolved[key] = variable ? style.getPropertyValue(variable).trim() || color : color;
  }
  return resolved as T;
}

/**
 * SVG attributes do not reliably resolve `var(--x)`, and an exported chart has no page stylesheet: colours are resolved
 * to concrete values here, again whenever the colour scheme changes. Between changes the result keeps its identity,
 * so a memoized chart does not redraw (nor the page's style get read) on every render. `colors` must be a constant.
 */
export function useResolvedColors<T extends Record<string, string>>(colors: T): T {
  const [resolved, setResolved] = useState(() => resolveColors(colors));
  useEffect(() => {
    const query = window.matchMedia('(prefers-color-scheme: dark)');
    const changed = () => setResolved(resolveColors(colors));
    query.addEventListener('change', changed);
    return () => query.removeEventListener('change', changed);
  }, [colors]);
  return resolved;
}
