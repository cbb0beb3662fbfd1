import { useEffect, useMemo, useRef } from 'react';
import { formatContext } from '../../state/figure-text';
import { useRunStore } from '../../state/run-store';
import { useUsageFit } from '../../state/selectors';
import { useLabStore } from '../../state/store';
import { useRunFigures } from '../../state/use-run-figures';
import { contextFigure } from '../../engine';
import { formatInteger } from '../../ui/format';
import { describeEvent, type LogBasis, type LogLine } from './describe-event';

/**
 * The run's events as plain-language lines, newest last, with the run's outcome flags after them. Figures are context
 * tokens on the page's basis, as the header and timeline show them; a run counted in another encoding than the
 * page's now gives its exact counts as they are, named. The log follows its newest line.
 */
export function RunLog() {
  const events = useRunStore((state) => state.events);
  const runEncoding = useRunStore((state) => state.runEncoding);
  const pageEncoding = useLabStore((state) => state.encoding);
  const figures = useRunFigures();
  const isFitted = useUsageFit() !== undefined;
  const list = useRef<HTMLOListElement>(null);
  const basis: LogBasis = useMemo(() => {
    if (runEncoding !== undefined && runEncoding !== pageEncoding) return { context: formatInteger, unit: `exact ${runEncoding} tokens (counted when the run started; the page now counts in ${pageEncoding})` };
    if (!isFitted) return { context: formatInteger, unit: 'exact tokens (the unstored overhead is still being fitted)' };
    return { context: (exactTokens) => formatContext(contextFigure(figures.basis, exactTokens)), unit: 'context tokens' };
  }, [runEncoding, pageEncoding, isFitted, figures.basis]);
  const lines = useMemo(() => {
    const described = events.map((event) => describeEvent(event, basis)).filter((line) => line !== undefined);
    const flags: LogLine[] = (figures.outcome?.flags ?? []).filter((flag) => flag.kind === 'estimate-disagrees').map((flag) => ({ text: `Estimate disagrees: ${flag.message}`, tone: 'error' }));
    return [...described, ...flags];
  }, [events, basis, figures.outcome]);
  useEffect(() => {
    if (list.current) list.current.scrollTop = list.current.scrollHeight;
  }, [lines]);
  if (lines.length === 0) return null;
  return (
    <ol className="run-log" aria-label="Run log" ref={list}>
      {lines.map((line, index) => (
        <li key={index} className={`log-${line.tone}`}>{line.text}</li>
      ))}
    </ol>
  );
}
