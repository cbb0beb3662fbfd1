import { formatContext } from '../../state/figure-text';
import { useContextBasis, useUsageFit } from '../../state/selectors';
import { basisName, contextFigure } from '../../engine';
import type { Transcript } from '../../engine/transcript';
import { formatInteger, formatPercent } from '../../ui/format';

/**
 * The provider's own usage figure where the source logged one, beside ours on the page's basis — real truth to
 * calibrate against. We compare the last logged call with our figure for exactly the messages that call saw (after
 * the agent's own compactions, without subagent messages); ours includes the unstored overhead (and the calibration,
 * when chosen), as the provider's does.
 */
export function LoggedUsageLine({ run }: { run: Transcript }) {
  const basis = useContextBasis();
  const fit = useUsageFit();
  const lastCall = fit?.lastCall;
  const usage = run.meta.loggedUsage;
  if (!usage) return <p className="muted logged-usage">The source logged no provider usage.</p>;
  const parts: string[] = [];
  if (lastCall) {
    const ours = contextFigure(basis, lastCall.ourTokens);
    const difference = ours.tokens > 0 ? (lastCall.loggedTokens - ours.tokens) / ours.tokens : NaN;
    const content = basis.kind === 'calibrated' ? `${basis.calibration.ratio.toFixed(3)} × ${formatInteger(lastCall.ourTokens)}` : formatInteger(lastCall.ourTokens);
    parts.push(
      `last logged call ${formatInteger(lastCall.loggedTokens)} tokens — ours for the messages it saw: ${formatContext(ours)} (${basisName(basis)}: ${content} + ${formatInteger(basis.overheadTokens)} overhead), logged ${difference >= 0 ? '+' : '−'}${formatPercent(Math.abs(difference))}`,
    );
  } else if (usage.lastContextTokens !== undefined) {
    parts.push(`last logged context ${formatInteger(usage.lastContextTokens)} tokens`);
  }
  if (usage.totalInputTokens !== undefined) parts.push(`input over all calls ${formatInteger(usage.totalInputTokens)}`);
  if (usage.totalOutputTokens !== undefined) parts.push(`output over all calls ${formatInteger(usage.totalOutputTokens)}`);
  if (usage.contextWindow !== undefined) parts.push(`window ${formatInteger(usage.contextWindow)}`);
  // Claude Code and others do not store the system prompt and tool schemas the provider counted: say so, or the gap looks like our error.
  const missingSystem = run.system ? '' : ' The source stored no system prompt or tool definitions; the provider’s figure includes them.';
  return (
    <div className="logged-usage" data-testid="logged-usage">
      Provider-logged: {parts.join(' · ') || 'no figures'}{' '}
      <details className="inline-note">
        <summary>how these are counted</summary>
        <span className="muted">{usage.description}{missingSystem}</span>
      </details>
      {/* Where ours and the provider's figure disagree, say why the calls give no calibration (too few, or a ratio no tokenizer gives). */}
      {fit && !fit.calibration && <span className="muted" data-testid="calibration-refusal"> {fit.calibrationNote}</span>}
    </div>
  );
}
