import { useMemo } from 'react';
import { formatCost } from '../../ui/format';
import { describeEvent } from './describe-event';
import { useRunStore } from '../../app/run-store';

/** The run's events as plain-language lines, newest last, with the run's summarizer cost when it made calls. */
export function RunLog() {
  const events = useRunStore((state) => state.events);
  const lines = useMemo(() => events.map(describeEvent).filter((line) => line !== undefined), [events]);
  const calls = useRunStore((state) => state.calls);
  if (lines.length === 0) return null;
  const known = calls.reduce((sum, call) => sum + (call.costUsd ?? 0), 0);
  const unknown = calls.filter((call) => call.costUsd === null).length;
  return (
    <>
      <ol className="run-log" aria-label="Run log">
        {lines.map((line, index) => (
          <li key={index} className={`log-${line.tone}`}>{line.text}</li>
        ))}
      </ol>
      {calls.length > 0 && (
        <p className="muted">
          This run's provider calls: {calls.length}, {formatCost(known)}{unknown > 0 ? ` + ${unknown} of unknown cost` : ''}.
        </p>
      )}
    </>
  );
}
