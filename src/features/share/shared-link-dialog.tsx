import { useEffect, useRef, useState } from 'react';
import { applySharedConfig } from './current-config';
import { OutcomeProblems } from './outcome-problems';
import { SharedConfigPreview } from './shared-config-preview';
import type { SharedOutcome } from './shared-outcome';
import { useCallEstimate } from './use-call-estimate';

/** The `#config=` part of the address, if the page was opened from a share link. */
function sharedHash(): string | undefined {
  return /^#config=/.test(window.location.hash) ? window.location.hash : undefined;
}

/** Takes the fragment out of the address so a reload does not ask again (and the config is not left in history). */
function forgetHash(): void {
  window.history.replaceState(window.history.state, '', `${window.location.pathname}${window.location.search}`);
}

/**
 * Opens a share link: when the address carries `#config=…`, reads it and shows a modal preview that applies nothing
 * until the user presses "Apply config" (which only sets the run panel's config; nothing runs). Mount once.
 */
export function SharedLinkDialog() {
  const [outcome, setOutcome] = useState<SharedOutcome>();
  useEffect(() => {
    const open = () => {
      const hash = sharedHash();
      if (hash === undefined) return;
      forgetHash();
      void import('./shared-outcome').then(({ interpretSharedLink }) => setOutcome(interpretSharedLink(hash)));
    };
    open();
    // A link pasted into this tab's address bar changes only the fragment: no reload, so listen for it.
    window.addEventListener('hashchange', open);
    return () => window.removeEventListener('hashchange', open);
  }, []);
  if (!outcome) return null;
  return <SharedDialog outcome={outcome} onClose={() => setOutcome(undefined)} />;
}

function SharedDialog({ outcome, onClose }: { outcome: SharedOutcome; onClose(): void }) {
  const dialog = useRef<HTMLDialogElement>(null);
  const estimate = useCallEstimate(outcome.kind === 'ok' ? outcome.config : undefined);
  useEffect(() => {
    const element = dialog.current;
    if (element && !element.open) element.showModal();
  }, []);
  const blocked = outcome.kind === 'read-only' ? 'A newer version wrote this config: it can be read here, not applied.' : outcome.kind === 'ok' ? undefined : 'Nothing here can be applied.';
  const apply = () => {
    if (outcome.kind !== 'ok') return;
    applySharedConfig(outcome.profile, outcome.config);
    onClose();
  };
  return (
    <dialog ref={dialog} className="shared-dialog" aria-labelledby="shared-dialog-title" onCancel={onClose}>
      <h2 id="shared-dialog-title">Shared config</h2>
      <p className="muted">Someone shared a compaction config with you. Nothing has run and nothing will until you press Run compaction yourself.</p>
      <OutcomeProblems outcome={outcome} />
      {outcome.kind === 'ok' && <SharedConfigPreview outcome={outcome} estimate={estimate} />}
      {outcome.kind === 'read-only' && <pre className="shared-json" aria-label="Shared config JSON">{outcome.json}</pre>}
      <div className="dialog-actions">
        {blocked && <span className="muted">{blocked}</span>}
        <button type="button" className="primary-button" disabled={outcome.kind !== 'ok'} onClick={apply}>Apply config</button>
        <button type="button" onClick={onClose}>Dismiss</button>
      </div>
    </dialog>
  );
}
