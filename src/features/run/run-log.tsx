import { useEffect, useMemo, useRef, useState } from 'react';
import { formatContext } from '../../state/figure-text';
import { useRunStore } from '../../state/run-store';
import { useUsageFit } from '../../state/selectors';
import { useLabStore } from '../../state/store';
import { useRunFigures } from '../../state/use-run-figures';
import { useSummaryAuthors } from '../../state/summary-authors';
import { glossary } from '../../ui/glossary-terms';
import { contextFigure, outcomeFlagTitles } from '../../engine';
import { formatInteger } from '../../ui/format';
import { describeEvents, type LogBasis, type LogLine } from './describe-event';

/** How close to the bottom (px) still counts as reading the newest line: a fraction of a line's height. */
const followSlackPx = 8;

/**
 * The run's events as plain-language lines, newest last, with the run's outcome flags after them. Figures are context
 * tokens on the page's basis, as the header and timeline show them; a run counted in another encoding than the
 * page's now gives its exact counts as they are, named. A failure's technical text is behind a disclosure on its line.
 * The log follows its newest line unless the user scrolled up to read; then "Jump to newest" brings it back.
 */
export function RunLog() {
  const events = useRunStore((state) => state.events);
  const runEncoding = useRunStore((state) => state.runEncoding);
  const pageEncoding = useLabStore((state) => state.encoding);
  const figures = useRunFigures();
  const authors = useSummaryAuthors();
  const isFitted = useUsageFit() !== undefined;
  const list = useRef<HTMLOListElement>(null);
  const [isFollowing, setFollowing] = useState(true);
  const basis: LogBasis = useMemo(() => {
    if (runEncoding !== undefined && runEncoding !== pageEncoding) return { context: formatInteger, unit: `exact ${runEncoding} tokens (counted when the run started; the page now counts in ${pageEncoding})` };
    if (!isFitted) return { context: formatInteger, unit: `exact tokens (the ${glossary.overhead.plain} is still being estimated)` };
    return { context: (exactTokens) => formatContext(contextFigure(figures.basis, exactTokens)), unit: 'context tokens' };
  }, [runEncoding, pageEncoding, isFitted, figures.basis]);
  const lines = useMemo(() => {
    // Per-pass no-op flags are said on their pass's line; the run's own flags close the log. A wiped history is a loss
    // the run did not hide, not a failure; the others mean the run did not do what was asked.
    const flags: LogLine[] = (figures.outcome?.flags ?? []).flatMap((flag): LogLine[] =>
      flag.kind === 'no-op-pass' ? [] : [{ text: `${outcomeFlagTitles[flag.kind]}: ${flag.message}`, tone: flag.kind === 'history-wiped' ? 'warning' : 'error' }],
    );
    return [...describeEvents(events, basis, authors), ...flags];
  }, [events, basis, figures.outcome, authors]);
  // A new run is followed from its first line, whatever the user did with the last one's log.
  const startedAt = useRunStore((state) => state.startedAt);
  const [followedRun, setFollowedRun] = useState(startedAt);
  if (followedRun !== startedAt) {
    setFollowedRun(startedAt);
    setFollowing(true);
  }
  useEffect(() => {
    if (isFollowing && list.current) list.current.scrollTop = list.current.scrollHeight;
  }, [lines, isFollowing]);
  if (lines.length === 0) return null;
  const onScroll = () => {
    const element = list.current;
    if (element) setFollowing(element.scrollHeight - element.scrollTop - element.clientHeight <= followSlackPx);
  };
  return (
    <div className="run-log-frame">
      <ol className="run-log" aria-label="Run log" ref={list} onScroll={onScroll} tabIndex={0}>
        {lines.map((line, index) => (
          <li key={index} className={`log-${line.tone}`}>
            {line.text}
            {line.detail && (
              <details className="log-detail">
                <summary>Technical detail</summary>
                <code>{line.detail}</code>
              </details>
            )}
          </li>
        ))}
      </ol>
      {!isFollowing && (
        <button type="button" className="jump-to-newest" onClick={() => setFollowing(true)}>
          ↓ Jump to newest
        </button>
      )}
    </div>
  );
}
