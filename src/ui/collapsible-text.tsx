import { useState } from 'react';

/** Characters shown before a long text collapses behind "Show all". */
const COLLAPSED_CHARACTERS = 1200;

/**
 * Renders text as text (never HTML), collapsing long bodies so one huge tool output cannot swamp the list.
 * `onToggle` lets a virtualized parent re-measure the row.
 */
export function CollapsibleText({ text, className, label }: { text: string; className?: string; label: string }) {
  const [isExpanded, setExpanded] = useState(false);
  const isLong = text.length > COLLAPSED_CHARACTERS;
  const shown = isLong && !isExpanded ? `${text.slice(0, COLLAPSED_CHARACTERS)}…` : text;
  return (
    <div className={className}>
      <pre className="block-text">{shown}</pre>
      {isLong && (
        <button type="button" className="link-button" onClick={() => setExpanded(!isExpanded)} aria-expanded={isExpanded} aria-label={`${isExpanded ? 'Collapse' : 'Show all of'} ${label}`}>
          {isExpanded ? 'Collapse' : `Show all (${text.length.toLocaleString('en-US')} characters)`}
        </button>
      )}
    </div>
  );
}
