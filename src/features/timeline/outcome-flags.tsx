import type { OutcomeFlag } from '../../engine';

/**
 * The run's outcome flags that are about the whole run (a success the exact figures do not support), as alerts beside
 * the timeline; per-pass flags (no-op) are drawn on their pass.
 */
export function OutcomeFlags({ flags }: { flags: readonly OutcomeFlag[] }) {
  const runFlags = flags.filter((flag) => flag.kind === 'estimate-disagrees');
  if (runFlags.length === 0) return null;
  return (
    <ul className="outcome-flags" aria-label="Run outcome">
      {runFlags.map((flag) => (
        <li key={flag.kind} role="alert">
          <strong>Estimate disagrees:</strong> {flag.message}
        </li>
      ))}
    </ul>
  );
}
