import type { ReplayReport } from '../engine';

/**
 * Mean need-weighted retention of a replay's compactions where it was measured (0..1); null where none was — the
 * session did not go on after a compaction, or used none of its compacted facts again. `eval` and the experiment
 * cells read it here, so a session's figure is the same in both.
 */
export function meanNeedWeighted(report: Pick<ReplayReport, 'compactions'>): number | null {
  const scores = report.compactions.flatMap((compaction) => (compaction.retention?.needWeighted ? [compaction.retention.needWeighted.score] : []));
  return scores.length === 0 ? null : scores.reduce((sum, score) => sum + score, 0) / scores.length;
}
