/** Session replay's report, as the page reads it (replaying itself runs profile code: `engine/headless`). */
export type { GateBasis, ReplayCompaction, ReplayProgress, ReplayReport, ReplayRetention } from './replay-model';
export { replayContext, replayLines, sharedLines, type ReplayContext, type ReplayLines } from './replay-context';
