import { useMemo } from 'react';
import { describeEvent } from './describe-event';
import { useRunStore } from '../../app/run-store';

/** The run's events as plain-language lines, newest last. */
export function RunLog() {
  const events = useRunStore((state) => state.events);
  const lines = useMemo(() => events.map(describeEvent).filter((line) => line !== undefined), [events]);
  if (lines.length === 0) return null;
  return (
    <ol className="run-log" aria-label="Run log">
      {lines.map((line, index) => (
        <li key={index} className={`log-${line.tone}`}>{line.text}</li>
      ))}
    </ol>
  );
}
