import { formatInteger } from '../../ui/format';
import type { LossFlag } from '../../engine';
import { focusSource } from './focus-source';
import { lossFlagKinds } from './retention-summary';

/** How each kind of flag is named and how loud it is: a lost pin or a broken pair breaks the agent, a stall only wastes. */
const flagStyles: Record<LossFlag['kind'], { label: string; tone: 'error' | 'warning' | 'notice' }> = {
  'pinned-line-lost': { label: 'Pinned line lost', tone: 'error' },
  'broken-tool-pairs': { label: 'Tool pairs broken', tone: 'error' },
  'unsupported-claim': { label: 'Possibly invented', tone: 'warning' },
  'summary-larger-than-source': { label: 'Summary larger than its source', tone: 'warning' },
  inflation: { label: 'Inflation', tone: 'warning' },
  stall: { label: 'Stall', tone: 'notice' },
};

/** Some messages already open with the kind's name ("Possibly invented: …"); it is shown once. */
function withoutLabel(message: string, label: string): string {
  return message.toLowerCase().startsWith(`${label.toLowerCase()}: `) ? message.slice(label.length + 2) : message;
}

/**
 * The "Flags" list of one pass, loudest kinds first. An unsupported claim shows its sentence as evidence; a flag that
 * names a message of the original run can show it in the Original transcript tab.
 */
export function FlagList({ flags, indexOf }: { flags: readonly LossFlag[]; indexOf: ReadonlyMap<string, number> }) {
  if (flags.length === 0) return <p className="muted">No flags raised.</p>;
  const ordered = [...flags].sort((left, right) => lossFlagKinds.indexOf(left.kind) - lossFlagKinds.indexOf(right.kind));
  return (
    <ul className="retention-flags" aria-label="Flags">
      {ordered.map((flag, position) => {
        const style = flagStyles[flag.kind];
        const index = flag.messageId === undefined ? undefined : indexOf.get(flag.messageId);
        return (
          <li key={position} className={`retention-flag flag-${style.tone}`}>
            <strong>{style.label}</strong>: {withoutLabel(flag.message, style.label)}
            {flag.evidence !== undefined && (
              <blockquote className="flag-evidence" aria-label={`Evidence for: ${style.label}`}>
                {flag.evidence}
              </blockquote>
            )}
            {index !== undefined && (
              <button type="button" className="link-button" onClick={() => focusSource(index)} aria-label={`Show message ${index + 1} in the Original transcript tab`}>
                message {formatInteger(index + 1)}
              </button>
            )}
          </li>
        );
      })}
    </ul>
  );
}
