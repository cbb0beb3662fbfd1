import { formatContext } from '../../state/figure-text';
import { useContextBasis, useLastHeldCount, useTotalTokens, useUsageFit } from '../../state/selectors';
import { useConfigStore } from '../../state/config-store';
import { setsWindow } from '../../engine/config';
import { useLabStore } from '../../state/store';
import { contentFigure, contextFigure } from '../../engine';
import { formatInteger, formatPercent } from '../../ui/format';
import { Term } from '../../ui/term';
import type { LastHeldCount } from '../../worker-client/transcript-protocol';

/** What the context the agent last held is made of: its summary and what followed, on the same basis as the whole file. */
function heldMakeUp(lastHeld: LastHeldCount, encoding: string): string {
  return `${formatInteger(lastHeld.messages)} messages, ${formatInteger(lastHeld.total)} ${encoding} tokens: compaction ${lastHeld.ordinal}'s summary and everything after it; on the same basis as the whole file`;
}

/**
 * The transcript's one token figure: context tokens (what the transcript holds, counted exactly, plus the unstored
 * overhead the source never kept), its share of the page's window, and how it is made up — the same figure the
 * timeline, the Tokens tab and the run log start from. When the agent compacted, the whole file is named as such and
 * the context as the agent last held it stands beside it, on the same basis (the same overhead added). Compact (the
 * folded summary), how that last-held context is made up moves to the figure's tooltip and the overhead goes by its
 * short name, its glossary link saying what it is.
 */
export function ContextLine({ isCompact = false }: { isCompact?: boolean }) {
  const total = useTotalTokens();
  const basis = useContextBasis();
  const fit = useUsageFit();
  const encoding = useLabStore((state) => state.encoding);
  const contextWindow = useLabStore((state) => state.contextWindow);
  const wantsCalibration = useLabStore((state) => state.tokenBasis === 'calibrated');
  // The run's window is its own when the config sets one (else the run inherits this one).
  const hasOwnWindow = useConfigStore((state) => state.config.document !== undefined && setsWindow(state.config.document));
  const context = contextFigure(basis, total.tokenCount);
  const isCalibrated = basis.kind === 'calibrated';
  const content = contentFigure(basis, total.tokenCount);
  const lastHeld = useLastHeldCount();
  const held = lastHeld && contextFigure(basis, lastHeld.total);
  // Folded, the overhead's name is its short form; its tooltip and glossary entry say it is not in the file.
  const overheadTerm = isCompact ? <Term id="overhead">system prompt and tools</Term> : <Term id="overhead" />;
  return (
    <>
      <span data-testid="context-tokens" data-exact={total.isExact}>
        <strong>{total.isExact ? '' : '≈ '}{formatContext(context)}</strong> context tokens{held ? ' in the whole file' : ''}{isCalibrated ? `, calibrated to ${basis.calibration.model}` : ''}
      </span>
      {lastHeld && held && (
        <span data-testid="last-held-tokens" title={isCompact ? heldMakeUp(lastHeld, encoding) : undefined}>
          · <strong>{formatContext(held)}</strong> as the agent last held it
          {!isCompact && <span className="muted"> ({heldMakeUp(lastHeld, encoding)})</span>}
        </span>
      )}
      <span data-testid="window-share">
        {formatPercent(context.tokens / contextWindow)} of a {formatInteger(contextWindow)}-token context window
        {hasOwnWindow ? ' (the run panel uses a window of its own)' : ''}
      </span>
      <span className="context-parts" data-testid="context-parts">
        ={' '}
        <span data-testid="total-tokens" data-exact={total.isExact}>
          <strong>{total.isExact ? '' : '≈ '}{formatInteger(total.tokenCount)}</strong> held by the transcript ({encoding}{total.isExact ? ', exact' : ', counting'})
        </span>
        {isCalibrated && <> × {basis.calibration.ratio.toFixed(3)} = {formatInteger(content)} {basis.calibration.model} tokens</>}
        {' + '}
        <span data-testid="unstored-overhead">
          {fit ? <>{formatInteger(basis.overheadTokens)} for the {overheadTerm}</> : <>the {overheadTerm}: pending</>}
        </span>
        {fit && wantsCalibration && !isCalibrated && <span className="muted"> · not calibrated: {fit.calibrationNote}</span>}
        {fit && !isCompact && (
          <details className="overhead-note">
            <summary>what is that?</summary>
            The system prompt and tool schemas a model call carries but this source never stored; compaction never removes them. {fit.overhead.note}{' '}
            {isCalibrated ? fit.calibrationNote : ''}
          </details>
        )}
      </span>
    </>
  );
}
