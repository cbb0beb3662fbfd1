import type { ChartKind } from './chart-rows';

/** How each band is named and coloured; colours are page variables where the page has one, so dark mode follows. */
export const kindStyles: Record<ChartKind, { label: string; color: string }> = {
  // The system prompt and tool schemas a call carries that the source never stored, estimated from logged usage.
  overhead: { label: `System prompt and tools not in the file (estimated)`, color: '#adb5bd' },
  system: { label: 'System prompt', color: 'var(--system)' },
  user: { label: 'User', color: 'var(--user)' },
  assistant: { label: 'Assistant (text, tool calls, thinking)', color: 'var(--assistant)' },
  toolOutput: { label: 'Tool outputs', color: 'var(--tool)' },
  summary: { label: 'Summary', color: '#d9480f' },
  pinned: { label: 'Pinned-operative block', color: '#c2255c' },
  marker: { label: 'Trim markers and context notes', color: 'var(--muted)' },
};

/** Colours of the chart's lines, by what they mark. */
export const limitColors = { window: 'var(--error)', trigger: 'var(--accent)', hardLimit: 'var(--system)', reserve: 'var(--warning)', estimate: 'var(--text)', sourceMarker: 'var(--error)', retention: 'var(--retention)' };
