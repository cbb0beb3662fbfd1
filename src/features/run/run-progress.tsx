import { useEffect, useState } from 'react';
import { useShallow } from 'zustand/react/shallow';
import { useRunStore } from '../../state/run-store';
import type { CompactionEvent } from '../../engine';
import { formatCost, formatDuration } from '../../ui/format';
import { ProgressBar } from '../../ui/progress-bar';

type AttemptStart = Extract<CompactionEvent, { type: 'attempt-start' }>;

/** The latest event of a type, searching from the end (the log only grows). */
function latest<Type extends CompactionEvent['type']>(events: readonly CompactionEvent[], type: Type): Extract<CompactionEvent, { type: Type }> | undefined {
  for (let index = events.length - 1; index >= 0; index--) {
    if (events[index].type === type) return events[index] as Extract<CompactionEvent, { type: Type }>;
  }
  return undefined;
}

/** The attempt in flight in the seed's own words: `smol=openai/gpt-4o-mini, attempt 2/3, 300 s cap`. */
export function describeAttempt(attempt: AttemptStart): string {
  const who = attempt.label ?? (attempt.model ? `${attempt.role}=${attempt.model}` : attempt.role);
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

/** Progress of a running compaction: pass k of at most N, the attempt in flight with its countdown, time, calls and cost. */
export function RunProgress() {
  const { status, events, calls, startedAt, endedAt, attemptStartedAt } = useRunStore(useShallow((state) => ({ status: state.status, events: state.events, calls: state.calls, startedAt: state.startedAt, endedAt: state.endedAt, attemptStartedAt: state.attemptStartedAt })));
  const isRunning = status === 'running';
  const now = useTicker(isRunning);
  if (status === 'idle' || startedAt === undefined) return null;
  const maxPasses = latest(events, 'run-start')?.maxPasses;
  const pass = latest(events, 'pass-start')?.pass ?? 0;
  const attempt = isRunning ? latest(events, 'attempt-start') : undefined;
  const elapsed = (endedAt ?? now) - startedAt;
  const known = calls.reduce((sum, call) => sum + (call.costUsd ?? 0), 0);
  const unknown = calls.filter((call) => call.costUsd === null).length;
  const remaining = attempt?.budgetMs !== undefined && attemptStartedAt !== undefined ? Math.max(0, attempt.budgetMs - (now - attemptStartedAt)) : undefined;
  return (
    <div className="run-progress" aria-label="Run progress">
      {maxPasses !== undefined && (
        <div className="run-progress-passes">
          <ProgressBar value={pass} max={maxPasses} label="Passes" />
          <span>{isRunning ? `Pass ${pass} of at most ${maxPasses}` : `${pass} of at most ${maxPasses} passes`}</span>
        </div>
      )}
      {attempt && (
        <p className="run-attempt">
          {describeAttempt(attempt)}
          {remaining !== undefined && <span className="muted"> — {formatDuration(Math.ceil(remaining / 1000) * 1000)} left</span>}
        </p>
      )}
      <p className="muted">
        {formatDuration(Math.floor(elapsed / 100) * 100)} elapsed · {calls.length} provider {calls.length === 1 ? 'call' : 'calls'}
        {calls.length > 0 ? ` · ${formatCost(known)}${unknown > 0 ? ` + ${unknown} of unknown cost` : ''} so far` : ''}
      </p>
    </div>
  );
}
