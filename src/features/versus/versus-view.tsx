import { useId, useMemo, useState } from 'react';
import { agentCompactions } from '../../engine';
import { profileMeta } from '../../engine/profiles/meta';
import { useConfigStore } from '../../state/config-store';
import { useSelectedTranscript, useSelectedTranscriptKey } from '../../state/selectors';
import { useLabStore } from '../../state/store';
import { compactionLabel, defaultOrdinal, listedInWords, sentence } from './versus-format';
import { VersusResults } from './versus-results';
import { useVersus } from './use-versus';
import { Term } from '../../ui/term';
import './versus.css';

/** What the agent's compactions look like in each source, for the sentence that says a transcript holds none. */
const whereCompactionsAre = 'no Claude Code compact_boundary, Codex compacted item or OpenHands condensation';

/**
 * The "Vs agent" tab: for a transcript in which the agent compacted its own context, the run panel's profile run on
 * what the agent held before the compaction, side by side with the agent's real summary — tokens, need-weighted
 * retention by category, the needed facts each lost (each linked to where the agent used it later) and the agent's
 * next actions each names. "Size like the agent's summary" (on by default, since the question is what each keeps at a
 * comparable size) sets the profile's own bounds (its meta's `sizedLike`) and the offline summary's budget to the agent's
 * summary tokens over the config, searching for the values that bring the profile's context nearest that size; the
 * results' note says what it set and the multiple of the agent's summary it reached. `onShowMessage` shows a message in the Original
 * transcript tab (the app switches to it).
 */
export function VersusView({ onShowMessage }: { onShowMessage(index: number): void }) {
  const transcript = useSelectedTranscript();
  const transcriptKey = useSelectedTranscriptKey();
  const profile = useConfigStore((state) => state.config.profile);
  const compactions = useMemo(() => (transcript ? agentCompactions(transcript) : []), [transcript]);
  const [picked, setPicked] = useState<{ transcriptKey?: string; ordinal: number }>();
  const ordinal = picked && picked.transcriptKey === transcriptKey ? picked.ordinal : defaultOrdinal(compactions);
  const [isSizedLikeAgent, setSizedLikeAgent] = useState(true);
  const versus = useVersus(transcriptKey, isSizedLikeAgent ? 'like-agent' : 'as-configured');
  const pickerId = useId();
  const sizingHintId = useId();
  const showMessage = (index: number) => {
    useLabStore.getState().messageFocused(index);
    onShowMessage(index);
  };
  if (!transcript) {
    return (
      <section className="tab-view versus-view" aria-label="Against the agent's own compaction">
        <p className="empty-state">Load a transcript to compare a profile with the agent's own compaction.</p>
      </section>
    );
  }
  const readable = compactions.filter((compaction) => compaction.isReadable);
  const chosen = compactions.find((compaction) => compaction.ordinal === ordinal);
  const { outcome } = versus;
  // The fields the sizing sets, named from the profile's own meta (their values come with the results' note).
  const sizedFields = [...(profile ? Object.keys(profileMeta[profile].sizedLike(1)) : []), 'offlineSummary.summaryMaxTokens'];
  return (
    <section className="tab-view versus-view" aria-label="Against the agent's own compaction">
      <p className="muted">
        Where the agent compacted its own context, the chosen profile runs on what the agent held just before, and both compacted contexts are scored by the <Term id="needed-facts" />: of the facts in the compacted part (paths, identifiers, commands, errors, URLs, numbers, requests, TODOs) that the agent used again after the boundary, the share each context still holds.
      </p>
      {compactions.length === 0 ? (
        <p className="versus-none" role="status">
          This transcript holds no compaction by the agent ({whereCompactionsAre}), so there is nothing to compare against. Load a session in which the agent compacted its context.
        </p>
      ) : readable.length === 0 ? (
        <div className="versus-none" role="status">
          <p>None of this transcript's compactions by the agent can be compared:</p>
          <ul>
            {compactions.map((compaction) => (
              <li key={compaction.ordinal}>
                {compactionLabel(compaction)}: {compaction.whyUnreadable}
              </li>
            ))}
          </ul>
        </div>
      ) : (
        <>
          <div className="versus-controls">
            {compactions.length > 1 ? (
              <label htmlFor={pickerId}>
                Compaction{' '}
                <select id={pickerId} value={ordinal} onChange={(event) => setPicked({ transcriptKey, ordinal: Number(event.target.value) })} disabled={versus.isRunning}>
                  {compactions.map((compaction) => (
                    <option key={compaction.ordinal} value={compaction.ordinal} disabled={!compaction.isReadable}>
                      {compactionLabel(compaction)}
                    </option>
                  ))}
                </select>
              </label>
            ) : (
              chosen && <span>{compactionLabel(chosen)}</span>
            )}
            <label className="versus-sizing">
              <input type="checkbox" checked={isSizedLikeAgent} disabled={versus.isRunning} onChange={(event) => setSizedLikeAgent(event.target.checked)} aria-describedby={sizingHintId} /> Size like the agent's summary
            </label>
            {versus.isRunning ? (
              <button type="button" onClick={versus.cancel}>
                Cancel
              </button>
            ) : (
              <button type="button" className="primary-button" onClick={() => versus.compare(ordinal)} disabled={chosen?.isReadable !== true}>
                Compare with {profile ?? 'the configured profile'}
              </button>
            )}
          </div>
          <p className="muted versus-sizing-hint" id={sizingHintId}>
            {isSizedLikeAgent
              ? `Sized like the agent's summary: a few runs with the offline summarizer find the values of ${listedInWords(sizedFields)} that bring the profile's whole context closest to the agent's summary without going over it. Both sides are then compared at about the same size; the note says the size reached.`
              : `As configured: ${profile ?? 'the profile'} keeps what its config says, whatever the size of the agent's summary.`}
          </p>
          {versus.isRunning && (
            <p className="muted" role="status" aria-live="polite">
              <progress aria-label="Comparing" /> {versus.progress ?? 'Cutting the transcript at the compaction…'}
            </p>
          )}
          {versus.problem && <p className="alert">{versus.problem}</p>}
          {!versus.isRunning && outcome && !outcome.compared && <p className="alert">{sentence(outcome.message)}</p>}
          {!versus.isRunning && versus.isStale && versus.isAnswered && (
            <p className="muted" role="status">
              The config, the encoding or the sizing changed since this comparison: compare again to see the new one.
            </p>
          )}
          {!versus.isRunning && outcome?.compared && <VersusResults outcome={outcome} transcript={transcript} isOffline={versus.asked?.providers === undefined} onShowMessage={showMessage} />}
          {!versus.isRunning && !outcome && !versus.problem && (
            <p className="muted" role="status">
              Not compared yet: press Compare to run {profile ?? 'the configured profile'} on the messages before the compaction (with the summarizer chosen in the Summarizer settings).
            </p>
          )}
        </>
      )}
    </section>
  );
}
