import type { SettingsProblem } from '../../engine';
import { formatInteger } from '../../ui/format';
import { TermText } from '../../ui/term';
import type { ConfigLimits } from '../../worker-client/protocol';

/**
 * Where the config's limits lie and which rule set each: the trigger (and what the gate counts), the tier-2 limit; and,
 * once the transcript's unstored overhead is known, whether that alone is over a whole-context trigger.
 */
export function DerivedLimits({ limits, overheadTokens }: { limits: ConfigLimits; overheadTokens?: number }) {
  if (limits.trigger === undefined) return null;
  const compared = limits.triggerComparedWith ? `, compared with ${limits.triggerComparedWith}` : '';
  const isHopeless = overheadTokens !== undefined && limits.triggerComparedWith === undefined && overheadTokens >= limits.trigger;
  return (
    <p className="derived-limits muted" data-testid="derived-limits">
      Trigger {formatInteger(limits.trigger)} tokens ({limits.triggerRule ?? 'the profile’s rule'}{compared})
      {limits.hardLimit !== undefined ? ` · tier-2 hard limit ${formatInteger(limits.hardLimit)}` : ''}
      {limits.estimateBasis ? ` · the gate counts ${limits.estimateBasis}` : ''}
      {isHopeless && (
        <span className="warning-text"> · the <TermText id="overhead" /> alone ({formatInteger(overheadTokens)} tokens) are over the trigger: no compaction can bring this context under it.</span>
      )}
    </p>
  );
}

/**
 * Settings no run can succeed with, each with its fix: "Apply the fix" writes the suggested values into the config;
 * "Run anyway" runs it regardless, and the run then says it was forced.
 */
export function SettingsProblems({ problems, disabled, onApply, onRunAnyway }: { problems: readonly SettingsProblem[]; disabled: boolean; onApply(values: Record<string, number>): void; onRunAnyway(): void }) {
  if (problems.length === 0) return null;
  return (
    <section className="settings-problems" role="alert" aria-label="Settings that cannot work as set">
      <strong>These settings cannot work as set — a run refuses them unless you run it anyway:</strong>
      <ul>
        {problems.map((problem) => (
          <li key={problem.fields.join(',')}>
            {problem.message} <em>{problem.fix}</em>
            {problem.suggested && (
              <button type="button" disabled={disabled} onClick={() => onApply(problem.suggested ?? {})}>
                Apply the fix
              </button>
            )}
          </li>
        ))}
      </ul>
      <button type="button" disabled={disabled} onClick={onRunAnyway}>Run anyway</button>
    </section>
  );
}
