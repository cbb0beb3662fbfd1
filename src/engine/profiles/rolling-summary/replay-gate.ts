import type { ReplayGate } from '../../run/replay-gate';
import type { EnginePorts } from '../../run/ports';
import { countMessageTokens } from '../../tokens/accounting';
import type { Message } from '../../transcript/model';

/**
 * ADK's rolling summary has no context trigger: every turn it rebuilds the request from the whole history and the
 * carried state — the newest `keepVerbatim` turns verbatim after the summary — and (re)writes the summary only when the
 * older turns' text passes `summariseAtTokens` (or there is none yet). So its gate fires at every turn end, the replay
 * runs the profile on the history so far, and only runs that wrote a summary count as compactions. The reading is the
 * exact size of the context, against no threshold.
 */
export function rollingSummaryReplayGate(ports: EnginePorts): ReplayGate {
  const sizes = new WeakMap<Message, number>();
  const size = (message: Message): number => {
    let tokens = sizes.get(message);
    if (tokens === undefined) sizes.set(message, (tokens = countMessageTokens(message, ports.counter)));
    return tokens;
  };
  let total = 0;
  return {
    checkpoint: 'turn-end',
    checkpointLabel: 'at the end of every turn, rebuilding the request from the history (ADK)',
    rebuildsFromHistory: true,
    reset(context) {
      total = 0;
      for (const message of context) total += size(message);
    },
    append(message) {
      total += size(message);
    },
    reading: () => ({ tokens: total, threshold: Infinity, fires: true, basis: 'exact' }),
  };
}
