import { contextFigure } from '../../engine';
import type { ReplayAnswer } from '../replay';
import { meanNeedWeighted } from '../replay-figures';
import { replayFlagKinds } from './cell-flags';
import type { CellFigures } from './experiment-types';

/**
 * A replayed session's cell figures, on the replay's own basis: the transcript's whole context (`transcriptTokens`,
 * the exact count of the file as `stats` counts it) before, the peak after (see `CellFigures.contextAfter`), the
 * share of the window, mean need-weighted retention, the policy's bill with caching as the cost. `eval` reads its
 * replays' cells here, so the CLI and the page agree.
 */
export function replayCellFigures(answer: ReplayAnswer, transcriptTokens: number): CellFigures {
  const { report, context, basis } = answer;
  const window = context.lines.window;
  return {
    contextBefore: contextFigure(basis, transcriptTokens).tokens,
    contextAfter: context.peak,
    windowShareAfter: window === undefined || window <= 0 ? null : context.peak / window,
    needWeighted: meanNeedWeighted(report),
    compactions: report.totals.compactions,
    summarizerCalls: report.totals.summarizerCalls,
    costUsd: answer.cost?.policy.totalUsd ?? null,
    flags: replayFlagKinds(report, context),
    encoding: basis.encoding,
  };
}
