import { useEffect, useState } from 'react';

/**
 * SVG attributes do not reliably resolve `var(--x)`, and an exported chart has no page stylesheet: colours are resolved
 * to concrete values here, again whenever the colour scheme changes.
 */
export function useResolvedColors<T extends Record<string, string>>(colors: T): T {
  const [, setScheme] = useState(0);
  useEffect(() => {
    const query = window.matchMedia('(prefers-color-scheme: dark)');
    const changed = () => setScheme((value) => value + 1);
    query.addEventListener('change', changed);
    return () => query.removeEventListener('change', changed);
  }, []);
  const style = getComputedStyle(document.documentElement);
  const resolved: Record<string, string> = {};
  for (const [key, color] of Object.entries(colors)) {
    const variable = /^var\((--[\w-]+)\)$/.exec(color)?.[1];
    resolved[key] = variable ? style.getPropertyValue(variable).trim() || color : color;
  }
  return resolved as T;
}
