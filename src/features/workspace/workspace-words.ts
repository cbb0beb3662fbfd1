import { formatInteger } from '../../ui/format';
import type { StorageUse } from '../../workspace/workspace';
import { storageBytes } from '../../workspace/workspace-errors';
import type { RunSummary } from '../../workspace/workspace-schema';

/** A replay's kept figures in one sentence, every token figure an exact count in its encoding. */
function replayWords(summary: RunSummary, replay: NonNullable<RunSummary['replay']>): string {
  const ending = summary.outcome === 'cancelled' ? 'Replay cancelled' : 'Replayed';
  const compactions = `${summary.passes} ${summary.passes === 1 ? 'compaction' : 'compactions'}`;
  const calls = `${summary.summarizerCalls} summarizer ${summary.summarizerCalls === 1 ? 'call' : 'calls'}`;
  const cost = replay.costUsd === null ? 'cost unknown (a call had no price)' : `cost $${replay.costUsd.toFixed(2)}`;
  const over = `${formatInteger(replay.stepsOverTrigger)} of ${formatInteger(replay.steps)} steps over the trigger`;
  return `${ending} with ${compactions} and ${calls}, ${cost}: peak ${formatInteger(replay.peakTokens)}, final ${formatInteger(replay.finalTokens)} tokens (exact count, ${summary.encoding ?? 'the replay’s encoding'}); ${over}.${summary.problem ? ` ${summary.problem}` : ''}`;
}

/** A run's kept figures in one sentence, each token figure with its basis. */
export function runWords(summary: RunSummary): string {
  if (summary.replay) return replayWords(summary, summary.replay);
  const isExact = summary.exactTokensBefore !== undefined && summary.exactTokensAfter !== undefined;
  const before = isExact ? summary.exactTokensBefore ?? 0 : summary.estimatedTokensBefore;
  const after = isExact ? summary.exactTokensAfter ?? 0 : summary.estimatedTokensAfter;
  const basis = isExact ? `exact count, ${summary.encoding ?? 'the run’s encoding'}` : 'the profile’s estimate';
  const passes = `${summary.passes} ${summary.passes === 1 ? 'pass' : 'passes'}`;
  const calls = `${summary.summarizerCalls} summarizer ${summary.summarizerCalls === 1 ? 'call' : 'calls'}`;
  const ending = summary.outcome === 'done' ? 'Finished' : summary.outcome === 'cancelled' ? 'Cancelled' : 'Failed';
  return `${ending} after ${passes} and ${calls}: ${formatInteger(before)} → ${formatInteger(after)} tokens (${basis}).${summary.problem ? ` ${summary.problem}` : ''}`;
}

/** Storage use in words: the browser's estimate for the page when it gives one, and the transcripts' own bytes. */
export function storageWords(use: StorageUse): string {
  const transcripts = `transcripts take ${storageBytes(use.transcriptBytes)}`;
  if (use.usedBytes === undefined || use.quotaBytes === undefined) return `Storage: ${transcripts} (the browser gives no estimate of its quota).`;
  return `${storageBytes(use.usedBytes)} of ${storageBytes(use.quotaBytes)} used (the browser’s estimate for this page); ${transcripts}.`;
}

/** A stored date as the reader's local date and time. */
export function dateWords(epochMs: number): string {
  return new Date(epochMs).toLocaleString('en-GB', { dateStyle: 'medium', timeStyle: 'short' });
}
