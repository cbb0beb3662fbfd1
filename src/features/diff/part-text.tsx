import { useMemo, useState } from 'react';
import { formatInteger } from '../../ui/format';
import { collapseParts, type ShownPart, type TextPart } from './collapse-parts';

function PartView({ part }: { part: ShownPart }) {
  switch (part.tone) {
    case 'added':
      return <ins className="diff-added">{part.text}</ins>;
    case 'removed':
      return <del className="diff-removed">{part.text}</del>;
    case 'pinned':
      return <mark className="diff-pinned-line">{part.text}</mark>;
    case 'elided':
      return <span className="diff-elided">{` … ${formatInteger(part.count)} more characters (Show all) … `}</span>;
    default:
      return <>{part.text}</>;
  }
}

/**
 * Message text drawn from parts (plain, inserted, deleted, pinned), always as text, never HTML. Long texts collapse
 * around their changes; "Show all" draws every character. The virtualized list re-measures the row on its own.
 */
export function PartText({ parts, label }: { parts: readonly TextPart[]; label: string }) {
  const [isExpanded, setExpanded] = useState(false);
  const collapsed = useMemo(() => collapseParts(parts), [parts]);
  const shown: readonly ShownPart[] = isExpanded ? parts : collapsed.parts;
  const length = useMemo(() => parts.reduce((sum, part) => sum + part.text.length, 0), [parts]);
  return (
    <div className="diff-text">
      <pre className="block-text">
        {shown.map((part, index) => (
          <PartView key={index} part={part} />
        ))}
      </pre>
      {collapsed.isCut && (
        <button type="button" className="link-button" onClick={() => setExpanded(!isExpanded)} aria-expanded={isExpanded} aria-label={`${isExpanded ? 'Collapse' : 'Show all of'} ${label}`}>
          {isExpanded ? 'Collapse' : `Show all (${formatInteger(length)} characters)`}
        </button>
      )}
    </div>
  );
}
