import { formatContext } from '../../state/figure-text';
import { useRunFigures } from '../../state/use-run-figures';
import { formatPercent } from '../../ui/format';
import { Term } from '../../ui/term';

/**
 * The diff's token line: the original's and the chosen pass's context tokens on the page's basis — the figures of
 * the header and the timeline — and the change between them, with the unstored overhead named (no pass removes it).
 */
export function DiffTokens({ pass }: { pass: number }) {
  const figures = useRunFigures();
  const original = figures.states[0]?.context;
  const shown = figures.states[pass]?.context;
  if (!original) return null;
  const change = pass > 0 && shown ? (shown.tokens - original.tokens) / original.tokens : undefined;
  return (
    <p className="diff-tokens muted" data-testid="diff-tokens">
      Original {formatContext(original)} context tokens
      {pass > 0 && <> → {formatContext(shown)} after pass {pass}{change !== undefined ? ` (${change > 0 ? '+' : change < 0 ? '−' : ''}${formatPercent(Math.abs(change))})` : ''}</>}
      {figures.basis.overheadTokens > 0 && <> · both include the same {formatContext({ tokens: figures.basis.overheadTokens })} for the <Term id="overhead" /></>}
    </p>
  );
}
