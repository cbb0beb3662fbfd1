import { outcomeFlagTitles, type OutcomeFlag } from '../../engine';

/**
 * The run's outcome flags that are about the whole run (a success the exact figures do not support, a context over the
 * window, a wiped history, a run that replaced nothing), as alerts beside the timeline; per-pass flags (no-op) are
 * drawn on their pass.
 */
export function OutcomeFlags({ flags }: { flags: readonly OutcomeFlag[] }) {
  const runFlags = flags.flatMap((flag) => (flag.kind === 'no-op-pass' ? [] : [{ ...flag, title: outcomeFlagTitles[flag.kind] }]));
  if (runFlags.length === 0) return null;
  return (
    <ul className="outcome-flags" aria-label="Run outcome">
      {runFlags.map((flag) => (
        <li key={flag.kind} role="alert">
          <strong>{flag.title}:</strong> {flag.message}
        </li>
      ))}
    </ul>
  );
}
