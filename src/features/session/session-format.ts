import type { GateBasis } from '../../engine';
import { formatCost, formatInteger, formatPercent } from '../../ui/format';
import type { ReplayCompactionView } from '../../worker-client/replay-protocol';

/**
 * A replay's cost in words: "$0 (offline)" for the offline summarizer (nothing was spent), "—" when any call had no
 * price (never "$0" for a cost nobody knows), else dollars.
 */
export function replayCost(costUsd: number | null, isOffline: boolean): string {
  if (costUsd === null) return '—';
  if (costUsd === 0 && isOffline) return '$0 (offline)';
  return formatCost(costUsd);
}

/** Need-weighted retention of one compaction, "—" when the session does not go on after it or used none of its facts again. */
export function needWeightedWords(compaction: ReplayCompactionView): string {
  const needWeighted = compaction.retention?.needWeighted;
  if (!needWeighted) return '—';
  return `${formatPercent(needWeighted.score)} (${formatInteger(needWeighted.kept)} of ${formatInteger(needWeighted.needed)} needed)`;
}

/** Facts lost by one compaction, "—" while not measured. */
export function factsLostWords(compaction: ReplayCompactionView): string {
  const retention = compaction.retention;
  if (!retention) return '—';
  return `${formatInteger(retention.factsLost)} of ${formatInteger(retention.factsTotal)}`;
}

/**
 * What happened when a compaction was not a clean success, in words; undefined for a clean success. A compaction that
 * left the context over the window says so first, success or not: the model would refuse the next call.
 */
export function outcomeWords(compaction: ReplayCompactionView, isOverWindow = false): string | undefined {
  const own = compaction.success
    ? compaction.outcome
    : compaction.outcome ? `Failed: ${compaction.outcome}` : 'Failed: the run did not succeed; the replay went on with the context as the run left it.';
  if (!isOverWindow) return own;
  return own === undefined ? 'Over the window: the next call would be refused' : `Over the window: the next call would be refused. ${own}`;
}

/** How the gate counted, in words a legend can carry. */
export function gateBasisWords(basis: GateBasis): string {
  if (basis === 'exact') return 'counts exactly with the run’s tokenizer';
  if (basis === 'logged-usage') return 'anchors on the provider’s logged usage plus its own estimate of later messages';
  return 'counts in its own estimate (its heuristic over the whole context)';
}

/** A duration of wall-clock time in the largest fitting units: "3 h 12 min", "14 min", "40 s". */
export function formatSpan(milliseconds: number): string {
  const seconds = Math.round(milliseconds / 1000);
  if (seconds < 60) return `${seconds} s`;
  const minutes = Math.round(seconds / 60);
  if (minutes < 60) return `${minutes} min`;
  const hours = Math.floor(minutes / 60);
  const rest = minutes % 60;
  return rest === 0 ? `${hours} h` : `${hours} h ${rest} min`;
}
