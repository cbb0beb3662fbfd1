import type { Transcript } from '../../engine/transcript/model';
import { formatInteger, formatPercent } from '../../ui/format';

/** The provider's own usage figure where the source logged one, beside ours — real truth to calibrate against. */
export function LoggedUsageLine({ run, ourTotal }: { run: Transcript; ourTotal: number }) {
  const usage = run.meta.loggedUsage;
  if (!usage) return <p className="muted logged-usage">The source logged no provider usage.</p>;
  const parts: string[] = [];
  if (usage.lastContextTokens !== undefined) {
    const difference = ourTotal > 0 ? (usage.lastContextTokens - ourTotal) / ourTotal : NaN;
    parts.push(`last logged context ${formatInteger(usage.lastContextTokens)} tokens (${difference >= 0 ? '+' : ''}${formatPercent(difference)} against our count)`);
  }
  if (usage.totalInputTokens !== undefined) parts.push(`input over all calls ${formatInteger(usage.totalInputTokens)}`);
  if (usage.totalOutputTokens !== undefined) parts.push(`output over all calls ${formatInteger(usage.totalOutputTokens)}`);
  if (usage.contextWindow !== undefined) parts.push(`window ${formatInteger(usage.contextWindow)}`);
  return (
    <p className="logged-usage" data-testid="logged-usage">
      Provider-logged: {parts.join(' · ') || 'no figures'} <span className="muted">— {usage.description}</span>
    </p>
  );
}
