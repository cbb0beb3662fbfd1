import { formatContext } from '../../app/figure-text';
import { useContextBasis, useTokensFrom } from '../../app/selectors';
import { basisName, contextFigure } from '../../engine/tokens/context-basis';
import type { Transcript } from '../../engine/transcript/model';
import { formatInteger, formatPercent } from '../../ui/format';

/**
 * The provider's own usage figure where the source logged one, beside ours on the page's basis — real truth to
 * calibrate against. After an agent's own compaction the last call held only what followed it, so that is what we
 * compare with; our figure includes the unstored overhead (and the calibration, when chosen), as the provider's does.
 */
export function LoggedUsageLine({ run }: { run: Transcript }) {
  const lastMarker = run.markers.length > 0 ? run.markers[run.markers.length - 1] : undefined;
  const comparedFrom = lastMarker?.atIndex ?? 0;
  const ourCount = useTokensFrom(comparedFrom);
  const basis = useContextBasis();
  const usage = run.meta.loggedUsage;
  if (!usage) return <p className="muted logged-usage">The source logged no provider usage.</p>;
  const parts: string[] = [];
  if (usage.lastContextTokens !== undefined) {
    const ours = contextFigure(basis, ourCount);
    const difference = ours.tokens > 0 ? (usage.lastContextTokens - ours.tokens) / ours.tokens : NaN;
    const scope = lastMarker ? 'the messages since the agent’s last compaction' : 'the same messages';
    const content = basis.kind === 'calibrated' ? `${basis.calibration.ratio.toFixed(3)} × ${formatInteger(ourCount)}` : formatInteger(ourCount);
    parts.push(
      `last logged context ${formatInteger(usage.lastContextTokens)} tokens — ours for ${scope}: ${formatContext(ours)} (${basisName(basis)}: ${content} + ${formatInteger(basis.overheadTokens)} overhead), logged ${difference >= 0 ? '+' : '−'}${formatPercent(Math.abs(difference))}`,
    );
  }
  if (usage.totalInputTokens !== undefined) parts.push(`input over all calls ${formatInteger(usage.totalInputTokens)}`);
  if (usage.totalOutputTokens !== undefined) parts.push(`output over all calls ${formatInteger(usage.totalOutputTokens)}`);
  if (usage.contextWindow !== undefined) parts.push(`window ${formatInteger(usage.contextWindow)}`);
  // Claude Code and others do not store the system prompt and tool schemas the provider counted: say so, or the gap looks like our error.
  const missingSystem = run.system ? '' : ' The source stored no system prompt or tool definitions; the provider’s figure includes them.';
  return (
    <p className="logged-usage" data-testid="logged-usage">
      Provider-logged: {parts.join(' · ') || 'no figures'} <span className="muted">— {usage.description}{missingSystem}</span>
    </p>
  );
}
