import { useEffect, useState } from 'react';

/** The session chart's colours by what they mark; page variables where the page has one, so dark mode follows. */
export const sessionColors = {
  policyA: 'var(--user)',
  policyB: '#d9480f',
  logged: 'var(--muted)',
  sourceMarker: 'var(--error)',
  window: 'var(--error)',
  trigger: 'var(--accent)',
  hardLimit: 'var(--system)',
  reserve: 'var(--warning)',
  text: 'var(--text)',
  /** The cost strip's lines, each its own colour, none a token line's or a marker's. */
  agentLoggedCost: '#7048e8',
  agentModelCost: '#1098ad',
  policyACost: '#c2255c',
  policyBCost: '#e67700',
};

/** Every `var(--x)` of the session colours read from the page's current style. */
function resolveColors(): typeof sessionColors {
  const style = getComputedStyle(document.documentElement);
  const resolved = { ...sessionColors };
  for (const key of Object.keys(sessionColors) as (keyof typeof sessionColors)[]) {
    const variable = /^var\((--[\w-]+)\)$/.exec(sessionColors[key])?.[1];
    if (variable) resolved[key] = style.getPropertyValue(variable).trim() || sessionColors[key];
  }
  return resolved;
}

/**
 * SVG attributes do not reliably resolve `var(--x)`: the chart's colours as concrete values, read again when the
 * colour scheme changes (as the Tokens chart does with the same page variables).
 */
export function useChartColors(): typeof sessionColors {
  const [resolved, setResolved] = useState(resolveColors);
  useEffect(() => {
    const query = window.matchMedia('(prefers-color-scheme: dark)');
    const changed = () => setResolved(resolveColors());
    query.addEventListener('change', changed);
    return () => query.removeEventListener('change', changed);
  }, []);
  return resolved;
}
