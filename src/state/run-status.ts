/** Where a run stands — a compaction run, an A/B series or a probe run alike. */
export type RunStatus = 'idle' | 'running' | 'done' | 'failed' | 'cancelled';
