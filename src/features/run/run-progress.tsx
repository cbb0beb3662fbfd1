import { useEffect, useState } from 'react';
import { useShallow } from 'zustand/react/shallow';
import { useRunStore } from '../../state/run-store';
import type { CompactionEvent } from '../../engine';
import type { LiveCallRecord } from '../../worker-client/protocol';
import { countOf } from '../../ui/count-of';
import { formatCost, formatDuration } from '../../ui/format';
import { ProgressBar } from '../../ui/progress-bar';
import { glossary } from '../../ui/glossary-terms';

type AttemptStart = Extract<CompactionEvent, { type: 'attempt-start' }>;

/** The latest event of a type, searching from the end (the log only grows). */
function latest<Type extends CompactionEvent['type']>(events: readonly CompactionEvent[], type: Type): Extract<CompactionEvent, { type: Type }> | undefined {
  for (let index = events.length - 1; index >= 0; index--) {
    if (events[index].type === type) return events[index] as Extract<CompactionEvent, { type: Type }>;
  }
  return undefined;
}

/**
 * The attempt in flight: `cheap model openai/gpt-4o-mini, attempt 2/3, 300 s cap` (the rung's label, `smol=…` or
 * `main=…`, with its role in plain words).
 */
export function describeAttempt(attempt: AttemptStart): string {
  const label = attempt.label ?? (attempt.model ? `${attempt.role}=${attempt.model}` : attempt.role);
  const who = label.replace(/^smol(=|$)/, (_, equals: string) => `${glossary['cheap-model'].plain}${equals ? ' ' : ''}`).replace(/^main=/, 'main model ');
  const tries = attempt.maxAttempts !== undefined ? `${attempt.attempt}/${attempt.maxAttempts}` : String(attempt.attempt);
  const cap = attempt.budgetMs !== undefined ? `, ${formatDuration(attempt.budgetMs)} cap` : '';
  return `${who}, attempt ${tries}${cap}`;
}

/** Re-renders every quarter second while `isActive`, for clocks and countdowns. */
function useTicker(isActive: boolean): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    if (!isActive) return;
    const timer = window.setInterval(() => setNow(Date.now()), 250);
    return () => window.clearInterval(timer);
  }, [isActive]);
  return now;
}

/** The pass bar and its words: pass k of at most N while running; once ended, the passes run, and the bar full. */
export function passProgress(isRunning: boolean, events: readonly CompactionEvent[], passesRun: number | undefined): { value: number; max: number; text: string } | undefined {
  const maxPasses = latest(events, 'run-start')?.maxPasses;
  if (maxPasses === undefined) return undefined;
  const pass = latest(events, 'pass-start')?.pass ?? 0;
  if (isRunning) return { value: pass, max: maxPasses, text: `Pass ${pass} of at most ${maxPasses}` };
  const run = passesRun ?? pass;
  return { value: maxPasses, max: maxPasses, text: `${countOf(run, 'pass', 'passes')} run, of at most ${maxPasses}` };
}

/** Elapsed time: in 100 ms steps while the clock ticks, to the millisecond once the run has ended (an 80 ms run reads 80 ms). */
export function elapsedText(elapsedMs: number, isRunning: boolean): string {
  return `${formatDuration(isRunning ? Math.floor(elapsedMs / 100) * 100 : Math.round(elapsedMs))} elapsed`;
}

/** Calls and their cost: dollars known, calls of unknown cost, and calls no server received (which cost nothing). */
export function callsText(calls: readonly Pick<LiveCallRecord, 'costUsd' | 'status' | 'aborted'>[], isRunning: boolean): string {
  const head = countOf(calls.length, 'provider call');
  if (calls.length === 0) return head;
  const known = calls.reduce((sum, call) => sum + (call.costUsd ?? 0), 0);
  const unknown = calls.filter((call) => call.costUsd === null).length;
  const unsent = calls.filter((call) => call.costUsd === 0 && call.status === null && !call.aborted).length;
  const unsentText = unsent === 0 ? '' : unsent < calls.length ? ` (${countOf(unsent, 'call')} never reached a server: free)` : calls.length === 1 ? ' (it never reached a server, so it is free)' : ' (none reached a server, so they are free)';
  return `${head} · ${formatCost(known)}${unknown > 0 ? ` + ${unknown} of unknown cost` : ''}${isRunning ? ' so far' : ''}${unsentText}`;
}

/** Progress of a compaction: pass k of at most N, the attempt in flight with its countdown, time, calls and cost. */
export function RunProgress() {
  const { status, events, calls, startedAt, endedAt, attemptStartedAt, result, isOpenedFromReplay } = useRunStore(
    useShallow((state) => ({ status: state.status, events: state.events, calls: state.calls, startedAt: state.startedAt, endedAt: state.endedAt, attemptStartedAt: state.attemptStartedAt, result: state.result, isOpenedFromReplay: state.openedContext !== undefined })),
  );
  const isRunning = status === 'running';
  const now = useTicker(isRunning);
  if (status === 'idle' || startedAt === undefined) return null;
  // A compaction opened from a session replay was not timed here: its calls and cost are the Session tab's table's.
  if (isOpenedFromReplay) return <p className="muted" aria-label="Run progress">Opened from the session replay: its summarizer calls and cost are in the Session tab's table.</p>;
  const passes = passProgress(isRunning, events, result?.passes.length);
  const attempt = isRunning ? latest(events, 'attempt-start') : undefined;
  const elapsed = (endedAt ?? now) - startedAt;
  const remaining = attempt?.budgetMs !== undefined && attemptStartedAt !== undefined ? Math.max(0, attempt.budgetMs - (now - attemptStartedAt)) : undefined;
  return (
    <div className="run-progress" aria-label="Run progress">
      {passes && (
        <div className="run-progress-passes">
          <ProgressBar value={passes.value} max={passes.max} label="Passes" />
          <span>{passes.text}</span>
        </div>
      )}
      {attempt && (
        <p className="run-attempt">
          {describeAttempt(attempt)}
          {remaining !== undefined && <span className="muted"> — {formatDuration(Math.ceil(remaining / 1000) * 1000)} left</span>}
        </p>
      )}
      <p className="muted">
        {elapsedText(elapsed, isRunning)} · {callsText(calls, isRunning)}
      </p>
    </div>
  );
}
