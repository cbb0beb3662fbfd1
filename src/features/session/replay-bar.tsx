import { Suspense, type ReactNode } from 'react';
import { defaultDocument, documentText } from '../../engine/config';
import { profileIds, profileMeta, type ProfileId } from '../../engine/profiles/meta';
import { useConfigStore } from '../../state/config-store';
import { useProviderStore } from '../../state/provider-store';
import { formatInteger } from '../../ui/format';
import type { ReplayProgress } from '../../worker-client/replay-protocol';
import { useSessionStore } from './session-store';

/** Policy B's editor, handed in by the app: the Config tab's editor working on B's document (A/B's variant B). */
export type VariantEditor = (props: { disabled: boolean }) => ReactNode;

/** "message 812 of 2,104 · 3 compactions". */
function progressWords(progress: ReplayProgress | undefined): string {
  if (!progress) return 'starting…';
  return `message ${formatInteger(progress.done)} of ${formatInteger(progress.total)} · ${formatInteger(progress.compactions)} compaction${progress.compactions === 1 ? '' : 's'}`;
}

/**
 * The run bar: which policy replays (the run panel's config, the page's summarizer), "Compare with…" (policy B),
 * Replay and Cancel, and each running replay's progress in words.
 */
export function ReplayBar({ isRunning, canReplay, progress, onReplay, onCancel }: { isRunning: boolean; canReplay: boolean; progress: { a?: ReplayProgress; b?: ReplayProgress }; onReplay(): void; onCancel(): void }) {
  const profile = useConfigStore((state) => state.config.profile ?? state.profile);
  const mode = useProviderStore((state) => state.mode);
  const isComparing = useSessionStore((state) => state.isComparing);
  const comparingChosen = useSessionStore((state) => state.comparingChosen);
  const replays = useSessionStore((state) => state.replays);
  const summarizer = mode === 'live' ? 'the live summarizer chosen in the Summarizer settings' : 'the offline summarizer';
  return (
    <div className="session-run-bar">
      <span>
        Policy{isComparing ? ' A' : ''}: <strong>{profile in profileMeta ? profileMeta[profile as ProfileId].label : profile}</strong> with the run panel's config, {summarizer}.
      </span>
      <label>
        <input type="checkbox" checked={isComparing} disabled={isRunning} onChange={(event) => comparingChosen(event.target.checked)} /> Compare with…
      </label>
      {isRunning ? (
        <button type="button" onClick={onCancel}>
          Cancel
        </button>
      ) : (
        <button type="button" className="primary-button" disabled={!canReplay} onClick={onReplay}>
          Replay{isComparing ? ' A and B' : ''}
        </button>
      )}
      {isRunning && (
        <span className="muted" role="status" aria-live="polite">
          <progress aria-label="Replaying" max={progress.a?.total} value={progress.a?.done} />{' '}
          {replays.b ? `A: ${progressWords(progress.a)} · B: ${progressWords(progress.b)}` : progressWords(progress.a)}
        </span>
      )}
    </div>
  );
}

/**
 * Policy B's profile: the run panel's list of profiles; choosing one makes B that profile's default config, which runs
 * with the page's window while it sets none (as the run panel's does) and stays editable below. B's config under the
 * profile it leaves is set aside for the session, so a stray choice loses no edit: choosing that profile again brings it back.
 */
function PolicyBProfile({ disabled }: { disabled: boolean }) {
  const profileA = useConfigStore((state) => state.config.profile ?? state.profile);
  const textA = useConfigStore((state) => state.config.text);
  const variantB = useConfigStore((state) => state.variantB);
  const variantBEdited = useConfigStore((state) => state.variantBEdited);
  const setAside = useSessionStore((state) => state.policyBTexts);
  const policyBSetAside = useSessionStore((state) => state.policyBSetAside);
  // B's text may be no config of a known profile (mid-edit): the picker then shows none chosen.
  const shown = variantB === undefined ? profileA : (variantB.profile ?? '');
  const choose = (profile: ProfileId) => {
    if (shown !== '') policyBSetAside(shown, variantB?.text ?? textA);
    variantBEdited(setAside[profile] ?? documentText(defaultDocument(profile)));
  };
  return (
    <div className="session-policy-b-profile">
      <label>
        Profile of B{' '}
        <select aria-label="Policy B profile" value={shown} disabled={disabled} onChange={(event) => choose(event.target.value as ProfileId)}>
          {shown === '' && <option value="">(not a known profile)</option>}
          {profileIds.map((id) => (
            <option key={id} value={id}>{profileMeta[id].label}</option>
          ))}
        </select>
      </label>{' '}
      {shown !== '' && shown in profileMeta && <span className="muted">{profileMeta[shown as ProfileId].origin}. </span>}
      <span className="muted">Choosing one makes B that profile's defaults (or B as you left it under that profile), with the page's window; edit them below.</span>
    </div>
  );
}

/** Policy B: a profile picker, then the app's editor on A/B's variant B (a copy of the run panel's config until edited), else its raw JSON. */
export function PolicyBEditor({ disabled, editor }: { disabled: boolean; editor?: VariantEditor }) {
  const textA = useConfigStore((state) => state.config.text);
  const textB = useConfigStore((state) => state.variantB?.text);
  const variantBEdited = useConfigStore((state) => state.variantBEdited);
  return (
    <section className="session-policy-b" aria-label="Policy B">
      <h3>Policy B</h3>
      <p className="muted">
        The config compared with the run panel's (the same variant B as the A/B tab); a copy of A until edited. When another transcript opens, B loses a sample's window and pinned lines as A does and keeps your own changes.{' '}
        {textB !== undefined && (
          <button type="button" disabled={disabled} onClick={() => variantBEdited(undefined)}>
            Reset B to A
          </button>
        )}
      </p>
      <PolicyBProfile disabled={disabled} />
      {editor ? (
        // The editor loads on first use: only this box waits for it, not the whole tab.
        <Suspense fallback={<p className="muted">Loading the config editor…</p>}>{editor({ disabled })}</Suspense>
      ) : (
        <textarea aria-label="Policy B config JSON" spellCheck={false} rows={10} disabled={disabled} value={textB ?? textA} onChange={(event) => variantBEdited(event.target.value)} />
      )}
    </section>
  );
}
