import { replayLines } from '../../engine';
import { formatInteger } from '../../ui/format';
import type { ConfigLimits } from '../../worker-client/protocol';
import type { ReplayView } from '../../worker-client/replay-protocol';
import { gateBasisWords } from './session-format';

/** A horizontal line of the session chart. */
interface LimitLine {
  id: 'window' | 'trigger' | 'hardLimit';
  value: number;
  label: string;
}

/** The lines and the reserve band the chart draws, and what the legend must say about the gate's units. */
export interface SessionLimits {
  lines: LimitLine[];
  reserve?: { from: number; to: number; label: string };
  /** How the gate's reading relates to the chart's axis: its own units, or exact without the unstored overhead. */
  gateNote?: string;
}

/**
 * The chart's lines: the window, trigger, tier-2 hard limit and reserve the config defines (`limits`, the worker's check
 * of the config), the window falling back to the replay's own. The trigger is the replay's own threshold only when the
 * gate counted exactly; otherwise the line is the config's trigger. Either way `gateNote` says how the gate's reading
 * relates to the chart (its own units, or exact without the unstored overhead the chart adds).
 */
export function sessionLimits(view: ReplayView, limits: ConfigLimits | undefined): SessionLimits {
  const lines: LimitLine[] = [];
  // The same lines the lab counts the replay's steps against (`replayLines`), so the chart and every count agree.
  const { window, trigger } = replayLines(view, { window: limits?.window, trigger: limits?.trigger });
  if (window !== undefined) lines.push({ id: 'window', value: window, label: `Window ${formatInteger(window)}` });
  const gateBasis = view.compactions[0]?.gate.basis ?? view.steps[0]?.gate.basis;
  const isExact = gateBasis === 'exact';
  if (trigger !== undefined) {
    const rule = limits?.triggerRule ? ` (${limits.triggerRule})` : '';
    const comparedWith = view.triggerComparedWith ?? limits?.triggerComparedWith;
    lines.push({ id: 'trigger', value: trigger, label: `Trigger ${formatInteger(trigger)}${rule}${comparedWith ? `, compared with ${comparedWith}` : ''}` });
  }
  if (limits?.hardLimit !== undefined) lines.push({ id: 'hardLimit', value: limits.hardLimit, label: `Tier-2 hard limit ${formatInteger(limits.hardLimit)}` });
  const reserve =
    window !== undefined && limits?.reserve !== undefined && limits.reserve > 0
      ? { from: window - limits.reserve, to: window, label: `Reserve / output buffer ${formatInteger(limits.reserve)}` }
      : undefined;
  const exactNote =
    'The gate counts the transcript\u2019s own tokens exactly, without the system prompt and tools not in the file, which this chart adds: it fires when that count alone passes the trigger, so the sawtooth turns about that much above the trigger line.';
  const gateNote =
    gateBasis === undefined
      ? undefined
      : isExact
        ? exactNote
        : `The gate ${gateBasisWords(gateBasis)}, in its own units${limits?.estimateBasis ? `: ${limits.estimateBasis}` : ''}. The lines are the limits the config defines; a compaction fires on the gate's reading, which need not sit on the trigger line.`;
  return { lines, reserve, gateNote };
}
