import { useMemo } from 'react';
import { messageText } from '../../engine';
import type { Message } from '../../engine/transcript';
import { formatInteger } from '../../ui/format';
import { blockSummary } from './fate-label';
import { inlineDiff } from './inline-diff';
import { diffParts, plainParts } from './message-parts';
import { PartText } from './part-text';

/** The header of one side: which message (position on that side), role, origin when notable, what it holds. */
function CellHeader({ message, position }: { message: Message; position: string }) {
  const holds = blockSummary(message);
  return (
    <header className="message-header">
      <span className="message-index">{position}</span>
      <span className={`role-badge role-badge-${message.role}`}>{message.role}</span>
      {message.origin === 'injected' || message.origin === 'summary' ? <span className="badge">{message.origin}</span> : null}
      {holds && <span className="muted">{holds}</span>}
    </header>
  );
}

/** One message as plain text, pinned lines marked. */
export function PlainCell({ message, position, pinnedLines, label }: { message: Message; position: string; pinnedLines: readonly string[]; label: string }) {
  const parts = useMemo(() => plainParts(messageText(message), pinnedLines), [message, pinnedLines]);
  return (
    <>
      <CellHeader message={message} position={position} />
      <PartText parts={parts} label={label} />
    </>
  );
}

/**
 * The output side of a message the pass kept under the same id: plain when the text is unchanged, otherwise an inline
 * diff against the original (capped per message: words, lines, or only the sizes when too large).
 */
export function ChangedCell({ original, output, position, pinnedLines, label }: { original: Message; output: Message; position: string; pinnedLines: readonly string[]; label: string }) {
  const view = useMemo(() => {
    const before = messageText(original);
    const after = messageText(output);
    const diff = inlineDiff(before, after);
    if (diff.kind === 'parts') return { parts: diffParts(diff), note: undefined };
    const note = diff.kind === 'too-large' ? `too large to diff inline: ${formatInteger(diff.charsBefore)} chars → ${formatInteger(diff.charsAfter)} chars` : undefined;
    return { parts: plainParts(after, pinnedLines), note };
  }, [original, output, pinnedLines]);
  return (
    <>
      <CellHeader message={output} position={position} />
      {view.note && <p className="diff-note">{view.note}</p>}
      <PartText parts={view.parts} label={label} />
    </>
  );
}
