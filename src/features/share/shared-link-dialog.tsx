import { useEffect, useRef, useState, type RefObject } from 'react';
import { useConfigOfferStore, type ConfigOffer } from '../../state/config-offer-store';
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
 * What had the focus when a config was offered (Share config → Upload config, Open file…), so closing the preview
 * gives it back; none when the focus was nowhere (a link opening the page) or inside a preview already.
 */
function openerOf(active: Element | null): HTMLElement | undefined {
  if (!(active instanceof HTMLElement) || active === document.body || active.closest('dialog')) return undefined;
  return active;
}

/** Gives the focus back to the opener, or to the Share config button when the opener is gone (the Share panel closed). */
function returnFocus(opener: HTMLElement | undefined): void {
  const target = opener?.isConnected ? opener : document.querySelector<HTMLElement>('[data-share-config]');
  target?.focus();
}

async function interpretOffer(offer: ConfigOffer): Promise<SharedOutcome> {
  const { interpretSharedFile, interpretSharedLink } = await import('./shared-outcome');
  return offer.from === 'link' ? interpretSharedLink(offer.text) : interpretSharedFile(offer.name, offer.text);
}

/**
 * Previews every config handed to the page — a share link (`#config=…` in the address), Share config → Upload config,
 * a config opened or dropped as a transcript — in one modal that applies nothing until the user presses Apply (which
 * sets variant A, the run panel's config, and B when the config carries an A/B pair; nothing runs). Mount once.
 */
export function SharedLinkDialog() {
  const offer = useConfigOfferStore((state) => state.offer);
  const [read, setRead] = useState<{ offer: ConfigOffer; outcome: SharedOutcome }>();
  const opener = useRef<HTMLElement>(undefined);
  useEffect(() => {
    const open = () => {
      const hash = sharedHash();
      if (hash === undefined) return;
      forgetHash();
      useConfigOfferStore.getState().configOffered({ from: 'link', name: 'a shared link', text: hash });
    };
    open();
    // A link pasted into this tab's address bar changes only the fragment: no reload, so listen for it.
    window.addEventListener('hashchange', open);
    return () => window.removeEventListener('hashchange', open);
  }, []);
  useEffect(() => {
    if (!offer) return;
    // A newer offer over an open preview keeps the first opener: the focus is in the preview by then.
    const active = document.activeElement;
    if (!active?.closest('dialog')) opener.current = openerOf(active);
    let isCurrent = true;
    void interpretOffer(offer).then((outcome) => {
      if (isCurrent) setRead({ offer, outcome });
    });
    return () => {
      isCurrent = false;
    };
  }, [offer]);
  if (!offer || read?.offer !== offer) return null;
  return <SharedDialog key={offer.from + offer.name + offer.text.length} offer={offer} outcome={read.outcome} opener={opener} onClose={() => useConfigOfferStore.getState().offerAnswered()} />;
}

/** Where the config came from, in the dialog's title and first line. */
function introOf(offer: ConfigOffer): { title: string; line: string } {
  switch (offer.from) {
    case 'link':
      return { title: 'Shared config', line: 'Someone shared a compaction config with you.' };
    case 'upload':
      return { title: 'Config file', line: `${offer.name}: a compaction config.` };
    case 'load':
      return { title: 'Config file', line: `${offer.name} is a compaction config, not a transcript. The transcript on screen stays as it is.` };
  }
}

function SharedDialog({ offer, outcome, opener, onClose }: { offer: ConfigOffer; outcome: SharedOutcome; opener: RefObject<HTMLElement | undefined>; onClose(): void }) {
  const dialog = useRef<HTMLDialogElement>(null);
  const title = useRef<HTMLHeadingElement>(null);
  const estimate = useCallEstimate(outcome.kind === 'ok' ? outcome.config : undefined);
  useEffect(() => {
    const element = dialog.current;
    if (element && !element.open) element.showModal();
    // Opened at its title, not scrolled to the first button inside a long preview.
    title.current?.focus({ preventScroll: true });
    if (element) element.scrollTop = 0;
    // Closed (Apply, Cancel, Escape): the dialog is out of the page by now, so the focus can go back outside it.
    const back = opener.current;
    return () => returnFocus(back);
  }, [opener]);
  const canApply = outcome.kind === 'ok' && outcome.pairIssues.length === 0;
  const blocked =
    outcome.kind === 'read-only' ? 'A newer version wrote this config: it can be read here, not applied.'
    : outcome.kind !== 'ok' ? 'Nothing here can be applied.'
    : canApply ? undefined
    : 'B cannot be applied as it is (see B above), so neither is.';
  const apply = () => {
    if (outcome.kind !== 'ok' || !canApply) return;
    applySharedConfig(outcome.profile, outcome.config, outcome.pair);
    onClose();
  };
  const intro = introOf(offer);
  return (
    <dialog ref={dialog} className="shared-dialog" aria-labelledby="shared-dialog-title" onCancel={onClose}>
      <h2 id="shared-dialog-title" ref={title} tabIndex={-1}>{intro.title}</h2>
      <p className="muted">{intro.line} Nothing has run, and nothing will until you press Run compaction yourself.</p>
      <OutcomeProblems outcome={outcome} />
      {outcome.kind === 'ok' && <SharedConfigPreview outcome={outcome} estimate={estimate} />}
      {outcome.kind === 'read-only' && <pre className="shared-json" aria-label="Shared config JSON">{outcome.json}</pre>}
      <div className="dialog-actions">
        {blocked && <span className="muted">{blocked}</span>}
        <button type="button" className="primary-button" disabled={!canApply} onClick={apply}>{outcome.kind === 'ok' && outcome.pair ? 'Apply A and B' : 'Apply config'}</button>
        <button type="button" onClick={onClose}>Cancel</button>
      </div>
    </dialog>
  );
}
