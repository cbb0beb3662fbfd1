import { useMemo } from 'react';
import { pinCandidates, type PinCandidate } from '../../engine';
import { declaredPins, takesPins } from '../../engine/config';
import { profileIds } from '../../engine/profiles/meta';
import { useConfigStore } from '../../state/config-store';
import { useSelectedTranscript } from '../../state/selectors';
import { useLabStore } from '../../state/store';
import './pins.css';

/** The profiles that take pinned lines, by their metas, as the hint names them. */
const pinningProfiles = profileIds.filter((profile) => takesPins(profile)).join(' or ');

/** What each source kind is called beside a candidate. */
const sourceNames: Record<PinCandidate['source']['kind'], string> = {
  'system-prompt': 'system prompt',
  'instructions-file': 'instructions file',
  'skill-file': 'skill file',
  'user-rule': 'user rule',
  'opening-request': 'opening request',
};

/**
 * "Pin candidates": lines of the transcript on screen worth keeping word for word across compactions, each with one
 * click to pin it (added to the config's `pinned` operative skill) and a link to the message it comes from.
 */
export function PinCandidatesPanel({ onShowMessage }: { onShowMessage(): void }) {
  const transcript = useSelectedTranscript();
  const config = useConfigStore((state) => state.config);
  const pinAdded = useConfigStore((state) => state.pinAdded);
  const candidates = useMemo(() => (transcript ? pinCandidates(transcript) : []), [transcript]);
  const indexById = useMemo(() => new Map(transcript?.messages.map((message, index) => [message.id, index])), [transcript]);
  const pinned = useMemo(() => new Set(config.document ? declaredPins(config.document).map((pin) => pin.line) : []), [config.document]);
  if (!transcript) return null;
  const isPinnable = takesPins(config.profile);
  const showMessage = (index: number) => {
    useLabStore.getState().messageFocused(index);
    onShowMessage();
  };
  return (
    <section className="pin-candidates" aria-label="Pin candidates">
      <h3>Pin candidates</h3>
      <p className="muted">
        Lines of this transcript worth keeping word for word in every summary: standing rules, instruction files, skill files, rules the user stated.
        {!isPinnable && ` Pinned lines need a profile that takes them: ${pinningProfiles}.`}
      </p>
      {candidates.length === 0 ? (
        <p className="muted">No standing instructions found in this transcript.</p>
      ) : (
        <ul aria-label="Pin candidates">
          {candidates.map((candidate) => {
            const index = indexById.get(candidate.source.messageId);
            const isPinned = pinned.has(candidate.line);
            return (
              <li key={candidate.line}>
                <button type="button" disabled={!isPinnable || isPinned} onClick={() => pinAdded(candidate.line)} aria-label={isPinned ? `Pinned: ${candidate.line}` : `Pin “${candidate.line}”`}>
                  {isPinned ? 'Pinned' : 'Pin'}
                </button>{' '}
                <q>{candidate.line}</q>
                <span className="muted">
                  {' '}
                  — {candidate.why} ·{' '}
                  {index === undefined ? (
                    sourceNames[candidate.source.kind]
                  ) : (
                    <button type="button" className="link-button" onClick={() => showMessage(index)} aria-label={`Show message ${index + 1}, the source of “${candidate.line}”, in the Original transcript tab`}>
                      message {index + 1}
                    </button>
                  )}
                </span>
              </li>
            );
          })}
        </ul>
      )}
    </section>
  );
}
