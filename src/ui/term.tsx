import type { ReactNode } from 'react';
import { glossary, strategyWords, termTitle, type TermId } from './glossary-terms';
import { openGlossary } from './glossary-store';
import './glossary.css';

/**
 * A term in plain words (the glossary's `plain` unless `children` says it otherwise), linked to its glossary entry,
 * with the lab's own term and its meaning in the tooltip.
 */
export function Term({ id, children }: { id: TermId; children?: ReactNode }) {
  return (
    <a
      className="term"
      href={`#glossary-${id}`}
      title={termTitle(id)}
      data-term={id}
      onClick={(event) => {
        event.preventDefault();
        openGlossary(id);
      }}
    >
      {children ?? glossary[id].plain}
    </a>
  );
}

/**
 * The same words with the term in the tooltip but no link, for text inside a button or another control; `note` opens
 * the tooltip with what the short words leave out.
 */
export function TermText({ id, note, children }: { id: TermId; note?: string; children?: ReactNode }) {
  return (
    <abbr className="term" title={note ? `${note}\n${termTitle(id)}` : termTitle(id)} data-term={id}>
      {children ?? glossary[id].plain}
    </abbr>
  );
}

/** The link that opens the glossary at its top, for the header and the hint lines. */
export function GlossaryLink({ children = 'Glossary' }: { children?: ReactNode }) {
  return (
    <button type="button" className="link-button glossary-link" onClick={() => openGlossary()}>
      {children}
    </button>
  );
}

/**
 * A pass's strategy in the page's words: a summary with who wrote it ("summary (offline summarizer)"), the term
 * `llm-summary` in its tooltip; any other strategy by its name. `isShort` (the timeline's narrow cards) leaves the
 * writer to the tooltip.
 */
export function StrategyText({ strategy, author, isShort = false }: { strategy: string; author?: string; isShort?: boolean }) {
  const words = strategyWords(strategy, isShort ? undefined : author);
  const note = isShort && author ? `Summary written by: ${author}.` : undefined;
  return strategy.split('+').includes('llm-summary') ? <TermText id="summary" note={note}>{words}</TermText> : <>{words}</>;
}
