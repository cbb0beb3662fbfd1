import { tokenKindLabels } from '../../state/token-kind-labels';
import type { ChartKind } from './chart-rows';

/** How each band is named and coloured; colours are page variables where the page has one, so dark mode follows. */
export const kindStyles: Record<ChartKind, { label: string; color: string }> = {
  // The system prompt and tool schemas a call carries that the source never stored, estimated from logged usage.
  overhead: { label: `System prompt and tools not in the file (estimated)`, color: '#adb5bd' },
  system: { label: tokenKindLabels.system, color: 'var(--system)' },
  user: { label: tokenKindLabels.user, color: 'var(--user)' },
  assistant: { label: tokenKindLabels.assistant, color: 'var(--assistant)' },
  toolOutput: { label: tokenKindLabels.toolOutput, color: 'var(--tool)' },
  summary: { label: tokenKindLabels.summary, color: '#d9480f' },
  pinned: { label: tokenKindLabels.pinned, color: '#c2255c' },
  marker: { label: tokenKindLabels.marker, color: 'var(--muted)' },
};

/** Colours of the chart's lines, by what they mark. */
export const limitColors = { window: 'var(--error)', trigger: 'var(--accent)', hardLimit: 'var(--system)', reserve: 'var(--warning)', estimate: 'var(--text)', sourceMarker: 'var(--error)', retention: 'var(--retention)' };
